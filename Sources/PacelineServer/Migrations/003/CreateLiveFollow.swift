import Fluent

struct CreateLiveFollow: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(LiveFollow.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("route_id", .uuid, .required, .references(Route.schema, "id", onDelete: .cascade))
            .field("pace_run_id", .uuid, .required, .references(Run.schema, "id", onDelete: .cascade))
            .field("run_id", .uuid)
            .field("created_at", .datetime)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(LiveFollow.schema).delete()
    }
}
