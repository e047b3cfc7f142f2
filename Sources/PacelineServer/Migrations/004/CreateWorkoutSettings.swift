import Fluent

struct CreateWorkoutSettings: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(WorkoutSettingsRow.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("pace_bands", .string, .required)
            .field("active_workout_id", .uuid, .references(Workout.schema, "id", onDelete: .setNull))
            .unique(on: "user_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(WorkoutSettingsRow.schema).delete()
    }
}
