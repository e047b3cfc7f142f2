import Fluent
import SQLKit

/// Friendships and friend requests, one row per pair: unique on (user_low_id,
/// user_high_id), which also serves looking up one user's rows as the low one; a second
/// index serves them as the high one.
struct CreateFriendship: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Friendship.schema)
            .id()
            .field("user_low_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("user_high_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("requester_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("status", .string, .required)
            .field("accepted_at", .datetime)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "user_low_id", "user_high_id")
            .create()
        try await database.sql
            .raw("CREATE INDEX friendships_high ON friendships (user_high_id, user_low_id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Friendship.schema).delete()
    }
}
