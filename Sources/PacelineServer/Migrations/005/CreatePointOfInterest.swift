import Fluent
import SQLKit

/// `pois`, unique by (source, source_id), with `pois_position` on (latitude, longitude):
/// a box is a range scan of the latitude band that reads longitude from the index and
/// fetches only the rows inside (see ALGORITHMS.md, "Walks that discover").
struct CreatePointOfInterest: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(PointOfInterestRow.schema)
            .id()
            .field("source", .string, .required)
            .field("source_id", .string, .required)
            .field("title", .string, .required)
            .field("inscription", .string)
            .field("latitude", .double, .required)
            .field("longitude", .double, .required)
            .field("subjects", .string, .required)
            .field("erected_year", .int)
            .field("photo_url", .string)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "source", "source_id")
            .create()
        try await database.sql.raw("CREATE INDEX pois_position ON pois (latitude, longitude)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PointOfInterestRow.schema).delete()
    }
}

/// `poi_discoveries`: one row per run and point passed, unique, deleted with either.
struct CreateDiscovery: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(DiscoveryRow.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("run_id", .uuid, .required, .references(Run.schema, "id", onDelete: .cascade))
            .field("poi_id", .uuid, .required, .references(PointOfInterestRow.schema, "id", onDelete: .cascade))
            .field("discovered_at", .datetime, .required)
            .field("distance_m", .double, .required)
            .unique(on: "run_id", "poi_id")
            .create()
        try await database.sql.raw("CREATE INDEX poi_discoveries_user ON poi_discoveries (user_id, poi_id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(DiscoveryRow.schema).delete()
    }
}

/// `poi_favourites` and `route_likes`: one row per user and thing, unique.
struct CreatePointOfInterestFavourite: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(PointOfInterestFavourite.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("poi_id", .uuid, .required, .references(PointOfInterestRow.schema, "id", onDelete: .cascade))
            .field("created_at", .datetime)
            .unique(on: "user_id", "poi_id")
            .create()
        try await database.schema(RouteLike.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("route_id", .uuid, .required, .references(Route.schema, "id", onDelete: .cascade))
            .field("created_at", .datetime)
            .unique(on: "route_id", "user_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(RouteLike.schema).delete()
        try await database.schema(PointOfInterestFavourite.schema).delete()
    }
}

/// `runs.steps`, `runs.steps_estimated` and `users.step_length_m` (one column per ALTER,
/// as SQLite wants).
struct AddSteps: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Run.schema).field("steps", .int).update()
        try await database.schema(Run.schema).field("steps_estimated", .bool).update()
        try await database.schema(User.schema).field("step_length_m", .double).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(User.schema).deleteField("step_length_m").update()
        try await database.schema(Run.schema).deleteField("steps_estimated").update()
        try await database.schema(Run.schema).deleteField("steps").update()
    }
}
