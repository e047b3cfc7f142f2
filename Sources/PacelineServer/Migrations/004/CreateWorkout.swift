import Fluent
import SQLKit

struct CreateWorkout: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Workout.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("steps", .string, .required)
            .field("interval_count", .int, .required)
            .field("position", .int, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
        try await database.sql.raw("CREATE INDEX workouts_user_position ON workouts (user_id, position)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Workout.schema).delete()
    }
}
