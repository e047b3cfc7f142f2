import Fluent
import SQLKit

/// Drops the tables of the failed logins and wrong join codes, counted since by
/// `AttemptLimiter` in `attempt_counts`: what they held only refused attempts for 15
/// minutes, so nothing is carried over.
struct DropFailureTables: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("login_failures").delete()
        try await database.schema("live_join_failures").delete()
    }

    /// Makes them again as 001 and 003 did, empty.
    func revert(on database: any Database) async throws {
        try await database.schema("login_failures")
            .field("email", .string, .identifier(auto: false))
            .field("failures", .int, .required)
            .field("window_start", .datetime, .required)
            .create()
        try await database.schema("live_join_failures")
            .id()
            .field("user_id", .uuid, .required)
            .field("at", .datetime, .required)
            .create()
        try await database.sql.raw("CREATE INDEX live_join_failures_user ON live_join_failures (user_id, at)").run()
    }
}
