import Fluent
import Foundation
@testable import PacelineServer
import PacelineTestSupport
import SQLKit
import Testing

/// The statements run per request or per fix are served by an index on PostgreSQL, never a
/// scan of the table: each is EXPLAINed with sequential scans disabled, so a plan that still
/// scans means no index could serve it (on a small test table the planner would scan
/// anyway, which says nothing about a big one).
@Suite("Query plans")
struct QueryPlanTests {
    static let someone = UUID()

    /// The hot statements, by what runs them.
    static let statements: [(String, SQLQueryString)] = [
        ("a signed-in request's token", "SELECT * FROM tokens WHERE token_hash = 'x'"),
        ("a run", "SELECT * FROM runs WHERE id = \(bind: someone)"),
        ("a page of my runs", "SELECT id FROM runs WHERE owner_id = \(bind: someone) AND deleted_at IS NULL ORDER BY start_time DESC, id DESC LIMIT 21"),
        ("runs changed since a sync", "SELECT id FROM runs WHERE owner_id = \(bind: someone) AND updated_at > now()"),
        ("a route's leaderboard", "SELECT * FROM route_runs WHERE route_id = \(bind: someone) ORDER BY elapsed_s LIMIT 50"),
        ("a map viewport's grid cells", "SELECT id FROM routes WHERE cell_x BETWEEN 10 AND 20 AND cell_y BETWEEN 10 AND 20"),
        ("a name's words by prefix", "SELECT route_id FROM route_words WHERE word >= 'park' AND word < 'parl'"),
        ("a live member's stored fixes", "SELECT * FROM live_fix_chunks WHERE owner_id = \(bind: someone) ORDER BY first_sequence"),
        ("a live join code", "SELECT id FROM live_sessions WHERE code = 'ABC123'"),
        ("my friends", "SELECT * FROM friendships WHERE user_low_id = \(bind: someone) OR user_high_id = \(bind: someone)"),
        ("my badges", "SELECT * FROM earned_badges WHERE user_id = \(bind: someone) ORDER BY earned_at DESC"),
        ("segments near a new run", "SELECT id, points FROM segments WHERE start_cell IN (1, 2, 3) AND end_cell IN (1, 2, 3) AND sport = 'run'"),
        ("a segment's leaderboard", "SELECT * FROM segment_efforts WHERE segment_id = \(bind: someone) ORDER BY elapsed_s LIMIT 50"),
        ("a run's segment efforts", "SELECT * FROM segment_efforts WHERE run_id = \(bind: someone)"),
        ("plaques in a box", "SELECT id FROM pois WHERE latitude BETWEEN 51.4 AND 51.6 AND longitude BETWEEN -0.2 AND 0.0"),
    ]

    @Test("every hot statement is served by an index")
    func indexed() async throws {
        guard TestDatabase.available.contains(.postgres) else { return }
        try await withServer(.postgres) { server in
            for (what, statement) in Self.statements {
                let plan = try await server.app.db.transaction { transaction in
                    try await transaction.sql.raw("SET LOCAL enable_seqscan = off").run()
                    return try await transaction.sql.raw("EXPLAIN \(statement)").all().map { try $0.decode(column: "QUERY PLAN", as: String.self) }
                }
                #expect(!plan.contains { $0.contains("Seq Scan") }, "\(what): \(plan.joined(separator: " / "))")
            }
        }
    }
}
