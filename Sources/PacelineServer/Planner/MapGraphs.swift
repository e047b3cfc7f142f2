import Fluent
import Foundation
import PacelineCore
import SQLKit
import Synchronization

/// The routing graph of the map imported now, read from the database once per import and
/// kept in memory (a city's graph is a few hundred megabytes at most), so a leg is planned
/// without a query: each request asks only which import is current, and a new import is
/// read the first time it is asked for (once, however many ask at once).
enum MapGraphs {
    /// The current import and its graph, nil before any import.
    static func current(on database: any Database) async throws -> (MapImport, RoutingGraph)? {
        guard let row = try await MapImports.current(on: database) else { return nil }
        let id = try row.requireID()
        let task = loads.withLock { loads in
            if let task = loads.first(where: { $0.id == id })?.task { return task }
            let task = Task { try await read(id, on: database) }
            loads.append((id, task))
            if loads.count > kept { loads.removeFirst() }
            return task
        }
        do {
            return (row, try await task.value)
        } catch {
            loads.withLock { $0.removeAll { $0.id == id } }   // a failed read is tried again next time
            throw error
        }
    }

    /// Graphs kept at once: the current one and the one before (an instance's tests may
    /// serve several databases).
    static let kept = 2
    private static let loads = Mutex<[(id: UUID, task: Task<RoutingGraph, any Error>)]>([])

    /// Import `id`'s stretches, read in order of their numbers and made a graph.
    private static func read(_ id: UUID, on database: any Database) async throws -> RoutingGraph {
        let rows = try await database.sql.select()
            .columns("from_junction", "to_junction", "access", "line")
            .from(MapImport.stretchesTable)
            .where("import_id", .equal, SQLBind(id))
            .orderBy("number")
            .all()
        var stretches: [RoutingGraph.Stretch] = []
        stretches.reserveCapacity(rows.count)
        for row in rows {
            guard let line = LineCoding.decode(try row.decode(column: "line", as: Data.self)) else {
                throw Refusal(.unavailable, code: "map_damaged", message: "the map's stored line is damaged: import the map again")
            }
            stretches.append(RoutingGraph.Stretch(from: Int32(try row.decode(column: "from_junction", as: Int.self)),
                                                  to: Int32(try row.decode(column: "to_junction", as: Int.self)),
                                                  access: WayAccess(rawValue: UInt8(truncatingIfNeeded: try row.decode(column: "access", as: Int.self))),
                                                  coordinates: line.coordinates, elevations: line.elevations))
        }
        return RoutingGraph(stretches)
    }
}
