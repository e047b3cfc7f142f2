import Fluent

/// `calendar_feeds`: one per user (unique), its secret unique, gone with the account.
struct CreateCalendarFeeds: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(CalendarFeed.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("secret", .string, .required)
            .field("created_at", .datetime)
            .unique(on: "user_id")
            .unique(on: "secret")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(CalendarFeed.schema).delete()
    }
}
