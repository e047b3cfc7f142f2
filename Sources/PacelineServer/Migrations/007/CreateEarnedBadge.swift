import Fluent
import SQLKit

/// Badges earned, with the instant of the fact that earned them: one row per user and
/// badge (unique), so a badge once earned keeps its date whatever happens later.
struct CreateEarnedBadge: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(EarnedBadge.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("badge_id", .string, .required)
            .field("earned_at", .datetime, .required)
            .field("source_id", .string)
            .field("run_id", .uuid)
            .field("created_at", .datetime)
            .unique(on: "user_id", "badge_id")
            .create()
        // The feed reads friends' badges newest first; "earned by this run" by run.
        try await database.sql.raw("CREATE INDEX earned_badges_user_time ON earned_badges (user_id, earned_at)").run()
        try await database.sql.raw("CREATE INDEX earned_badges_run ON earned_badges (run_id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(EarnedBadge.schema).delete()
    }
}
