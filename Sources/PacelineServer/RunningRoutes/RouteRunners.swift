import Fluent
import Foundation
import PacelineCore
import SQLKit

/// Who ran a route, from its leaderboard (`route_runs`): how many people have a run on
/// it, and the average of each one's best time, counting the runs a viewer may see (as
/// the leaderboard does, by `Privacy`): public ones, their own and their friends'
/// friends-only ones. Deleted runs do not count.
struct RouteRunners: Sendable, Equatable {
    var runners: Int
    /// Nil when no one ran the route.
    var averageElapsedSeconds: Double?

    /// A route no one ran.
    static let none = RouteRunners(runners: 0, averageElapsedSeconds: nil)

    /// The runners of each of `routeIDs`, in one grouped query whatever their number
    /// (keep it under SQLite's 32,766 bound parameters). Routes no one ran are absent
    /// from the answer: look them up with `?? .none`.
    static func of(_ routeIDs: [UUID], viewer: UUID?, on database: any Database) async throws -> [UUID: RouteRunners] {
        guard !routeIDs.isEmpty else { return [:] }
        let visible = Privacy.condition(viewer: viewer, owner: SQLColumn("owner_id", table: "runs"),
                                        privacy: SQLColumn("privacy", table: "runs"))
        let rows = try await database.sql.raw("""
            SELECT route_id, COUNT(*) AS runners, AVG(best) AS average
            FROM (SELECT route_runs.route_id, route_runs.runner_id, MIN(route_runs.elapsed_s) AS best
                  FROM route_runs JOIN runs ON runs.id = route_runs.run_id AND runs.deleted_at IS NULL
                  WHERE route_runs.route_id IN (\(binds: routeIDs)) AND \(visible)
                  GROUP BY route_runs.route_id, route_runs.runner_id) AS bests
            GROUP BY route_id
            """).all()
        var answer: [UUID: RouteRunners] = [:]
        for row in rows {
            answer[try row.decode(column: "route_id", as: UUID.self)] = RouteRunners(
                runners: try row.decode(column: "runners", as: Int.self),
                averageElapsedSeconds: try row.decode(column: "average", as: Double.self))
        }
        return answer
    }
}
