import Fluent
import SQLKit

/// `presence`: who is recording or in a live session now (one row per user, until it
/// expires), and `users.shares_presence`, off until the user lets friends see it.
struct CreatePresence: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(PresenceRow.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("state", .string, .required)
            .field("sport", .string)
            .field("since", .datetime, .required)
            .field("expires_at", .datetime, .required)
            .unique(on: "user_id")
            .create()
        try await database.schema(User.schema).field("shares_presence", .bool, .required, .sql(.default(false))).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(User.schema).deleteField("shares_presence").update()
        try await database.schema(PresenceRow.schema).delete()
    }
}
