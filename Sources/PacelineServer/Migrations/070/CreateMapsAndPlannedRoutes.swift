import Fluent
import SQLKit

/// `map_imports` and `map_stretches`: the routing graph `paceline map import` made of an
/// OpenStreetMap extract (one import at a time: a new one replaces the last in one
/// transaction), its stretches of way between junctions numbered in order, each with its
/// line (`LineCoding`). `planned_routes`: the routes users planned on it, each with its
/// waypoints, the line the server measured and its numbers; a user's go with the user.
struct CreateMapsAndPlannedRoutes: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(MapImport.schema)
            .id()
            .field("source", .string, .required)
            .field("imported_at", .datetime, .required)
            .field("ways", .int, .required)
            .field("junctions", .int, .required)
            .field("stretches", .int, .required)
            .field("south", .double, .required)
            .field("west", .double, .required)
            .field("north", .double, .required)
            .field("east", .double, .required)
            .field("elevation", .bool, .required)
            .create()
        try await database.schema(MapImport.stretchesTable)
            .field("import_id", .uuid, .required, .references(MapImport.schema, "id", onDelete: .cascade))
            .field("number", .int, .required)
            .field("from_junction", .int, .required)
            .field("to_junction", .int, .required)
            .field("access", .int, .required)
            .field("line", .data, .required)
            .unique(on: "import_id", "number")
            .create()
        try await database.schema(PlannedRoute.schema)
            .id()
            .field("planner_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("privacy", .string, .required)
            .field("mode", .string, .required)
            .field("distance_m", .double, .required)
            .field("ascent_m", .double)
            .field("descent_m", .double)
            .field("waypoints", .string, .required)
            .field("line", .data, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
        try await database.sql.raw("CREATE INDEX planned_routes_planner ON planned_routes (planner_id, created_at)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PlannedRoute.schema).delete()
        try await database.schema(MapImport.stretchesTable).delete()
        try await database.schema(MapImport.schema).delete()
    }
}
