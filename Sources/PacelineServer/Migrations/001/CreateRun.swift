import Fluent

struct CreateRun: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Run.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("name", .string)
            .field("sport", .string, .required)
            .field("privacy", .string, .required)
            .field("format", .string, .required)
            .field("idempotency_key", .string)
            .field("start_time", .datetime)
            .field("end_time", .datetime)
            .field("points", .int, .required)
            .field("distance_m", .double, .required)
            .field("elapsed_s", .double, .required)
            .field("moving_s", .double, .required)
            .field("ascent_m", .double, .required)
            .field("descent_m", .double, .required)
            .field("max_speed", .double)
            .field("average_pace", .double)
            .field("calories", .double, .required)
            .field("splits", .string, .required)
            .field("best_efforts", .string, .required)
            .field("start_lat", .double)
            .field("start_lon", .double)
            .field("track", .data, .required)
            .field("route_id", .uuid)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .field("deleted_at", .datetime)
            .unique(on: "owner_id", "idempotency_key")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Run.schema).delete()
    }
}
