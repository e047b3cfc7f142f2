import Fluent
import Foundation

/// A user's workout settings: pace bands and active workout; one row per user, made on first change.
final class WorkoutSettingsRow: Model, @unchecked Sendable {
    static let schema = "workout_settings"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    /// `PaceBands` as JSON.
    @Field(key: "pace_bands") var paceBands: String
    @OptionalParent(key: "active_workout_id") var activeWorkout: Workout?

    init() {}
}
