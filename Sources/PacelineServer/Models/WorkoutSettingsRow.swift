import Fluent
import Foundation
import PacelineCore

/// A user's workout settings: pace bands and active workout; one row per user, made on first change.
final class WorkoutSettingsRow: Model, @unchecked Sendable {
    static let schema = "workout_settings"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    /// Nil only if the stored text no longer reads (`WorkoutAccess.bands(in:)` throws).
    @JSONText(key: "pace_bands") var paceBands: PaceBands?
    @OptionalParent(key: "active_workout_id") var activeWorkout: Workout?

    init() {}
}
