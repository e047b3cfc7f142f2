import Fluent
import SQLKit

/// Missions, their routes and stages (replaced whole by each import of a mission).
struct CreateMissions: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(MissionRow.schema)
            .id()
            .field("key", .string, .required)
            .field("name", .string, .required)
            .field("summary", .string, .required)
            .field("attribution", .string, .required)
            .field("length_m", .double, .required)
            .field("route_count", .int, .required)
            .field("stage_count", .int, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "key")
            .create()
        try await database.schema(MissionRouteRow.schema)
            .id()
            .field("mission_id", .uuid, .required, .references(MissionRow.schema, "id", onDelete: .cascade))
            .field("position", .int, .required)
            .field("name", .string, .required)
            .field("length_m", .double, .required)
            .field("gold_s", .double, .required)
            .field("silver_s", .double, .required)
            .field("bronze_s", .double, .required)
            .field("path", .data, .required)
            .unique(on: "mission_id", "position")
            .create()
        try await database.schema(MissionStageRow.schema)
            .id()
            .field("route_id", .uuid, .required, .references(MissionRouteRow.schema, "id", onDelete: .cascade))
            .field("position", .int, .required)
            .field("name", .string, .required)
            .field("start_m", .double, .required)
            .field("end_m", .double, .required)
            .field("photo_url", .string)
            .field("photo_attribution", .string)
            .field("photo_page", .string)
            .unique(on: "route_id", "position")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(MissionStageRow.schema).delete()
        try await database.schema(MissionRouteRow.schema).delete()
        try await database.schema(MissionRow.schema).delete()
    }
}

/// Users' journeys on missions and what each run credited to them.
struct CreateJourneys: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(JourneyRow.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("mission_id", .uuid, .required, .references(MissionRow.schema, "id", onDelete: .cascade))
            .field("first_route", .int, .required)
            .field("first_stage", .int, .required)
            .field("last_route", .int, .required)
            .field("last_stage", .int, .required)
            .field("privacy", .string, .required)
            .field("started_at", .datetime, .required)
            .field("finished_at", .datetime)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "user_id", "mission_id")
            .create()
        try await database.schema(JourneyAdvanceRow.schema)
            .id()
            .field("journey_id", .uuid, .required, .references(JourneyRow.schema, "id", onDelete: .cascade))
            .field("run_id", .uuid, .required)
            .field("verified_m", .double, .required)
            .field("run_start", .datetime, .required)
            .field("run_end", .datetime, .required)
            .field("created_at", .datetime)
            .unique(on: "journey_id", "run_id")
            .create()
        // A run's summary asks what it moved.
        try await database.sql.raw("CREATE INDEX mission_advances_run ON mission_advances (run_id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(JourneyAdvanceRow.schema).delete()
        try await database.schema(JourneyRow.schema).delete()
    }
}
