import Fluent
import Foundation
import PacelineCore
import SQLKit
import Synchronization

/// The routing graph of the map imported now, read from the database once per import and
/// kept in memory (a city's graph is a few hundred megabytes at most), so a leg is planned
/// without a query: each request asks only which import is current, and a new import is
/// read the first time it is asked for (once, however many ask at once), on the
/// low-priority threads; the graph it replaces is let go.
package enum MapGraphs {
    /// The current import and its graph, nil before any import.
    package static func current(on database: any Database) async throws -> (MapImport, RoutingGraph)? {
        guard let row = try await MapImports.current(on: database) else { return nil }
        let id = try row.requireID()
        let load = loads.withLock { loads in
            if let load = loads.first(where: { $0.id == id }) { return load }
            let count = row.stretches
            let load = Load(id: id, task: Task(executorPreference: LowPriorityExecutor.shared) { try await read(id, stretches: count, on: database) })
            loads.append(load)
            if loads.count > kept { loads.removeFirst() }
            return load
        }
        do {
            return (row, try await load.task.value)
        } catch {
            loads.withLock { $0.removeAll { $0.task == load.task } }   // a failed read is tried again next time
            throw error
        }
    }

    /// A graph being read or read.
    private struct Load {
        var id: UUID
        var task: Task<RoutingGraph, any Error>
    }

    /// Graphs kept at once: one per database an instance serves (its tests serve several at
    /// a time; a server, one), the least recently first read let go first.
    static let kept = 2
    private static let loads = Mutex<[Load]>([])

    /// Stretches read per query: the rows of one page are in memory at once, not a map's.
    static let page = 50_000

    /// Import `id`'s `count` stretches, read a page at a time in order of their numbers and made a graph.
    private static func read(_ id: UUID, stretches count: Int, on database: any Database) async throws -> RoutingGraph {
        var stretches: [RoutingGraph.Stretch] = []
        stretches.reserveCapacity(count)
        for start in stride(from: 0, to: count, by: page) {
            let rows = try await database.sql.select()
                .columns("from_junction", "to_junction", "access", "line")
                .from(MapImport.stretchesTable)
                .where("import_id", .equal, SQLBind(id))
                .where("number", .greaterThanOrEqual, SQLBind(start))
                .where("number", .lessThan, SQLBind(start + page))
                .orderBy("number")
                .all()
            for row in rows {
                guard let line = LineCoding.decode(try row.decode(column: "line", as: Data.self)),
                      let from = Int32(exactly: try row.decode(column: "from_junction", as: Int.self)),
                      let to = Int32(exactly: try row.decode(column: "to_junction", as: Int.self)),
                      let access = UInt8(exactly: try row.decode(column: "access", as: Int.self))
                else { throw Refusal(.unavailable, code: "map_damaged", message: "the stored map is damaged: import it again") }
                stretches.append(RoutingGraph.Stretch(from: from, to: to, access: WayAccess(rawValue: access),
                                                      coordinates: line.coordinates, elevations: line.elevations))
            }
        }
        guard stretches.count == count else { throw Refusal(.unavailable, code: "map_damaged", message: "the stored map lacks stretches: import it again") }
        return RoutingGraph(stretches)
    }
}
