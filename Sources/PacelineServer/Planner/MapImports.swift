import Fluent
import Foundation
import PacelineCore
import SQLKit

/// Keeps the routing graph of an extract in the database for every instance to plan on:
/// one map at a time, a new one replacing the last in one transaction, so a planner reads
/// either the old graph whole or the new one whole.
package enum MapImports {
    /// Stretches written per statement (6 values each, well within SQLite's and
    /// PostgreSQL's limits on a statement's parameters).
    package static let batch = 1_000

    /// Replaces the map with `stretches` (junctions numbered from 0, as `ExtractGraph`
    /// reads them) of `ways` ways, read from the file `source`; `progress` is told the
    /// stretches written so far.
    /// - Returns: the import as kept.
    package static func replace(with stretches: [RoutingGraph.Stretch], ways: Int, source: String, on database: any Database,
                                progress: @escaping @Sendable (Int) -> Void = { _ in }) async throws -> MapImport {
        let row = MapImport()
        row.id = UUID()
        row.source = source
        row.importedAt = Date()
        row.ways = ways
        row.junctions = Int(stretches.lazy.map { max($0.from, $0.to) }.max() ?? -1) + 1
        row.stretches = stretches.count
        let points = stretches.lazy.flatMap(\.coordinates)
        row.south = points.map(\.latitude).min() ?? 0
        row.north = points.map(\.latitude).max() ?? 0
        row.west = points.map(\.longitude).min() ?? 0
        row.east = points.map(\.longitude).max() ?? 0
        row.elevation = !stretches.isEmpty && stretches.allSatisfy { $0.elevations.allSatisfy { $0 != nil } }
        let id = try row.requireID()
        try await database.transaction { transaction in
            try await transaction.sql.delete(from: MapImport.stretchesTable).run()
            try await MapImport.query(on: transaction).delete()
            try await row.create(on: transaction)
            var written = 0
            for start in stride(from: 0, to: stretches.count, by: batch) {
                let insert = transaction.sql.insert(into: MapImport.stretchesTable)
                    .columns("import_id", "number", "from_junction", "to_junction", "access", "line")
                for number in start..<min(start + batch, stretches.count) {
                    let stretch = stretches[number]
                    insert.values(SQLBind(id), SQLBind(number), SQLBind(Int(stretch.from)), SQLBind(Int(stretch.to)), SQLBind(Int(stretch.access.rawValue)),
                                  SQLBind(Data(LineCoding.encode(stretch.coordinates, elevations: stretch.elevations))))
                }
                try await insert.run()
                written = min(start + batch, stretches.count)
                progress(written)
            }
        }
        return row
    }

    /// The map imported now, nil before any.
    package static func current(on database: any Database) async throws -> MapImport? {
        try await MapImport.query(on: database).sort(\.$importedAt, .descending).first()
    }
}
