import Fluent
import SQLKit

struct CreateWorkoutLog: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(WorkoutLogEntry.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("run_id", .uuid, .required, .references(Run.schema, "id", onDelete: .cascade))
            .field("workout_id", .uuid, .references(Workout.schema, "id", onDelete: .setNull))
            .field("workout_name", .string, .required)
            .field("start_time", .datetime, .required)
            .field("plan", .string, .required)
            .field("pace_bands", .string, .required)
            .field("summary", .string, .required)
            .field("created_at", .datetime)
            .unique(on: "run_id")
            .create()
        try await database.sql.raw("CREATE INDEX workout_log_user_start ON workout_log (user_id, start_time)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(WorkoutLogEntry.schema).delete()
    }
}
