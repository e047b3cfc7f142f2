import Fluent
import Foundation
import PacelineCore
import SQLKit

/// Keeps the routing graph of an extract in the database for every instance to plan on:
/// one map at a time. A new one is written beside the old a batch per transaction (so a
/// server's own writes wait for a batch at most, never for the whole import, on SQLite
/// too), then made the map and the old one deleted in one transaction: a planner reads
/// the old graph whole or the new one whole.
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
        row.complete = false
        let id = try row.requireID()
        // Imports left incomplete by an import that died are not the map: gone first.
        try await database.transaction { transaction in
            for abandoned in try await MapImport.query(on: transaction).filter(\.$complete == false).all() {
                try await transaction.sql.delete(from: MapImport.stretchesTable).where("import_id", .equal, SQLBind(try abandoned.requireID())).run()
                try await abandoned.delete(on: transaction)
            }
            try await row.create(on: transaction)
        }
        do {
            for start in stride(from: 0, to: stretches.count, by: batch) {
                try await database.transaction { transaction in
                    let insert = transaction.sql.insert(into: MapImport.stretchesTable)
                        .columns("import_id", "number", "from_junction", "to_junction", "access", "line")
                    for number in start..<min(start + batch, stretches.count) {
                        let stretch = stretches[number]
                        insert.values(SQLBind(id), SQLBind(number), SQLBind(Int(stretch.from)), SQLBind(Int(stretch.to)), SQLBind(Int(stretch.access.rawValue)),
                                      SQLBind(Data(LineCoding.encode(stretch.coordinates, elevations: stretch.elevations))))
                    }
                    try await insert.run()
                }
                progress(min(start + batch, stretches.count))
            }
            try await database.transaction { transaction in
                try await transaction.sql.delete(from: MapImport.stretchesTable).where("import_id", .notEqual, SQLBind(id)).run()
                try await MapImport.query(on: transaction).filter(\.$id != id).delete()
                try await transaction.sql.update(MapImport.schema).set("complete", to: SQLLiteral.boolean(true)).where("id", .equal, SQLBind(id)).run()
            }
        } catch {
            try? await database.sql.delete(from: MapImport.stretchesTable).where("import_id", .equal, SQLBind(id)).run()
            try? await MapImport.query(on: database).filter(\.$id == id).delete()
            throw error
        }
        row.complete = true
        return row
    }

    /// The map imported now, nil before any.
    package static func current(on database: any Database) async throws -> MapImport? {
        try await MapImport.query(on: database).filter(\.$complete == true).sort(\.$importedAt, .descending).first()
    }
}
