import Fluent

struct CreateLiveSession: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(LiveSession.schema)
            .id()
            .field("host_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("code", .string)
            .field("code_expires_at", .datetime)
            .field("distance_m", .double, .required)
            .field("sport", .string, .required)
            .field("starts_at", .datetime)
            .field("finished_at", .datetime)
            .field("invitation_id", .uuid)
            .field("results", .string)
            .field("created_at", .datetime)
            .unique(on: "invitation_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(LiveSession.schema).delete()
    }
}
