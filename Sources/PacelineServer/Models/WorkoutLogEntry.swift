import Fluent
import Foundation

/// A run done with a workout: the plan and bands as they were, and the summary the
/// server computed from the stored track.
final class WorkoutLogEntry: Model, @unchecked Sendable {
    static let schema = "workout_log"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Parent(key: "run_id") var run: Run
    /// Null once the workout is deleted.
    @OptionalParent(key: "workout_id") var workout: Workout?
    @Field(key: "workout_name") var workoutName: String
    @Field(key: "start_time") var startTime: Date
    /// `WorkoutPlan`, `PaceBands` and `WorkoutSummary` as JSON.
    @Field(key: "plan") var plan: String
    @Field(key: "pace_bands") var paceBands: String
    @Field(key: "summary") var summary: String
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}
