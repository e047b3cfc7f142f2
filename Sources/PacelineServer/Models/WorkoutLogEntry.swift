import Fluent
import Foundation
import PacelineCore

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
    /// Each nil only if the stored text no longer reads (`schema` throws).
    @JSONText(key: "plan") var plan: WorkoutPlan?
    @JSONText(key: "pace_bands") var paceBands: PaceBands?
    @JSONText(key: "summary") var summary: WorkoutSummary?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}
