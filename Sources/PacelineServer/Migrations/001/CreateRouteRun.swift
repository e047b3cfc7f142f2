import Fluent

struct CreateRouteRun: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(RouteRun.schema)
            .id()
            .field("route_id", .uuid, .required, .references(Route.schema, "id", onDelete: .cascade))
            .field("run_id", .uuid, .required, .references(Run.schema, "id", onDelete: .cascade))
            .field("runner_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("elapsed_s", .double, .required)
            .field("coverage", .double, .required)
            .field("run_date", .datetime, .required)
            .field("created_at", .datetime)
            .unique(on: "run_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(RouteRun.schema).delete()
    }
}
