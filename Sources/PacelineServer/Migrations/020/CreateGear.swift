import Fluent
import SQLKit

/// `gear`, each user's shoes and bikes, and `runs.gear_id`, the gear an activity was done
/// in. At most one default per user and sport, held by a unique partial index, so two
/// requests making two defaults at once can't both succeed.
struct CreateGear: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Gear.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("kind", .string, .required)
            .field("sport", .string, .required)
            .field("start_distance_m", .double, .required)
            .field("retire_distance_m", .double)
            .field("is_default", .bool, .required)
            .field("retired", .bool, .required)
            .field("created_at", .datetime)
            .create()
        let sql = database.sql
        try await sql.raw("CREATE INDEX gear_user ON gear (user_id)").run()
        try await sql.raw("CREATE UNIQUE INDEX gear_default ON gear (user_id, sport) WHERE is_default").run()
        try await database.schema(Run.schema)
            .field("gear_id", .uuid, .references(Gear.schema, "id", onDelete: .setNull))
            .update()
        try await sql.raw("CREATE INDEX runs_gear ON runs (gear_id)").run()
    }

    /// On PostgreSQL. SQLite refuses to drop `runs.gear_id` while its foreign key stands
    /// (it would have to rebuild the table).
    func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX runs_gear").run()
        try await database.schema(Run.schema).deleteField("gear_id").update()
        try await database.schema(Gear.schema).delete()
    }
}
