import Fluent

struct CreateLiveMember: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(LiveMember.schema)
            .id()
            .field("session_id", .uuid, .required, .references(LiveSession.schema, "id", onDelete: .cascade))
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("status", .string, .required)
            .field("final_seconds", .double)
            .field("run_id", .uuid)
            .unique(on: "session_id", "user_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(LiveMember.schema).delete()
    }
}
