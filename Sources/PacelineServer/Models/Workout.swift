import Fluent
import Foundation
import PacelineCore

/// A user's interval workout: its name and steps (the plan's JSON), and its place in the user's list.
final class Workout: Model, @unchecked Sendable {
    static let schema = "workouts"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "name") var name: String
    /// Validated before saving; nil only if the stored text no longer reads (`plan` throws).
    @JSONText(key: "steps") var steps: [WorkoutStep]?
    @Field(key: "interval_count") var intervalCount: Int
    /// Order in the user's list, ascending.
    @Field(key: "position") var position: Int
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}
}
