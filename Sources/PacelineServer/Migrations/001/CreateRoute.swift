import Fluent

struct CreateRoute: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Route.schema)
            .id()
            .field("creator_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("run_id", .uuid, .required, .references(Run.schema, "id"))
            .field("name", .string, .required)
            .field("privacy", .string, .required)
            .field("distance_m", .double, .required)
            .field("start_lat", .double, .required)
            .field("start_lon", .double, .required)
            .field("end_lat", .double, .required)
            .field("end_lon", .double, .required)
            .field("cell_x", .int, .required)
            .field("cell_y", .int, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .field("deleted_at", .datetime)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Route.schema).delete()
    }
}
