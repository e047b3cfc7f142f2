import Fluent
import SQLKit

/// `segments` and `segment_efforts`: named stretches, found by the cells of their ends,
/// and each run's passes over them, ranked by time.
struct CreateSegments: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Segment.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("sport", .string, .required)
            .field("privacy", .string, .required)
            .field("distance_m", .double, .required)
            .field("start_lat", .double, .required)
            .field("start_lon", .double, .required)
            .field("end_lat", .double, .required)
            .field("end_lon", .double, .required)
            .field("start_cell", .int64, .required)
            .field("end_cell", .int64, .required)
            .field("points", .string, .required)
            .field("created_at", .datetime)
            .create()
        try await database.schema(SegmentEffortRow.schema)
            .id()
            .field("segment_id", .uuid, .required, .references(Segment.schema, "id", onDelete: .cascade))
            .field("run_id", .uuid, .required, .references(Run.schema, "id", onDelete: .cascade))
            .field("runner_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("elapsed_s", .double, .required)
            .field("start_elapsed_s", .double, .required)
            .field("start_distance_m", .double, .required)
            .field("end_distance_m", .double, .required)
            .field("started_at", .datetime, .required)
            .create()
        let sql = database.sql
        try await sql.raw("CREATE INDEX segments_start_cell ON segments (start_cell, sport)").run()
        try await sql.raw("CREATE INDEX segments_owner ON segments (owner_id)").run()
        try await sql.raw("CREATE INDEX segment_efforts_board ON segment_efforts (segment_id, elapsed_s)").run()
        try await sql.raw("CREATE INDEX segment_efforts_runner ON segment_efforts (segment_id, runner_id, started_at)").run()
        try await sql.raw("CREATE INDEX segment_efforts_run ON segment_efforts (run_id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(SegmentEffortRow.schema).delete()
        try await database.schema(Segment.schema).delete()
    }
}
