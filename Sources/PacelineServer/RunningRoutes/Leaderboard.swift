import Fluent
import Foundation
import PacelineAPI
import PacelineCore
import SQLKit

/// A route's leaderboard: each runner's fastest run on it, fastest first, counting only
/// runs the viewer may see (`Privacy`: another user's private run, or a friends-only run
/// of someone who is not their friend, is neither listed nor ranked).
enum Leaderboard {
    /// The first `limit` places of `route` as `viewer` sees them.
    /// - Complexity: one query over the route's runs, sorted by the (route_id, elapsed_s)
    ///   index; the viewer's friends are a subquery of it.
    static func entries(of route: RouteID, viewer: UserID?, limit: Int, on database: any Database) async throws
        -> [Components.Schemas.LeaderboardEntry]
    {
        let visible = Privacy.condition(viewer: viewer?.uuid, owner: SQLColumn("owner_id", table: "runs"),
                                        privacy: SQLColumn("privacy", table: "runs"))
        let rows = try await database.sql.raw("""
            SELECT route_runs.run_id, route_runs.runner_id, route_runs.elapsed_s, route_runs.run_date, users.display_name
            FROM route_runs
            JOIN runs ON runs.id = route_runs.run_id AND runs.deleted_at IS NULL
            JOIN users ON users.id = route_runs.runner_id
            WHERE route_runs.route_id = \(bind: route.uuid) AND \(visible)
            ORDER BY route_runs.elapsed_s, route_runs.run_date
            """).all()
        return try ranked(rows, limit: limit)
    }

    /// Each runner's first row of `rows` (fastest first, with columns `run_id`,
    /// `runner_id`, `elapsed_s`, `run_date` and `display_name`) that `keeps`, ranked, up to `limit`.
    static func ranked(_ rows: [any SQLRow], limit: Int,
                       keeps: (any SQLRow, UUID) throws -> Bool = { _, _ in true }) throws -> [Components.Schemas.LeaderboardEntry] {
        var seen = Set<UUID>()
        var entries: [Components.Schemas.LeaderboardEntry] = []
        for row in rows where entries.count < limit {
            let runner = try row.decode(column: "runner_id", as: UUID.self)
            guard !seen.contains(runner), try keeps(row, runner) else { continue }
            seen.insert(runner)
            entries.append(.init(
                rank: entries.count + 1,
                runId: try row.decode(column: "run_id", as: UUID.self).apiID,
                runner: .init(id: runner.apiID, displayName: try row.decode(column: "display_name", as: String.self)),
                elapsedSeconds: try row.decode(column: "elapsed_s", as: Double.self),
                date: try row.decode(column: "run_date", as: Date.self)))
        }
        return entries
    }

    /// `runner`'s place on the full leaderboard of `route` (their best run counts).
    static func rank(of runner: UserID, on route: RouteID, on database: any Database) async throws -> Int {
        let all = try await entries(of: route, viewer: runner, limit: .max, on: database)
        return (all.firstIndex { $0.runner.id == runner.uuid.apiID } ?? all.count) + 1
    }
}
