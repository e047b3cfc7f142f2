import Fluent
import Foundation
import PacelineCore

/// A user on a mission: the stages chosen, when they joined, how far they have come.
/// One per user and mission; joining again restarts it.
final class JourneyRow: Model, @unchecked Sendable {
    static let schema = "mission_journeys"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Parent(key: "mission_id") var mission: MissionRow
    @Field(key: "first_route") var firstRoute: Int
    @Field(key: "first_stage") var firstStage: Int
    @Field(key: "last_route") var lastRoute: Int
    @Field(key: "last_stage") var lastStage: Int
    /// public, friends or private (the default): who else may see the progress.
    @Field(key: "privacy") var privacy: Privacy
    @Field(key: "started_at") var startedAt: Date
    /// When the last stage was completed (set by `MissionAdvancer`); unfinished journeys are the ones runs move.
    @OptionalField(key: "finished_at") var finishedAt: Date?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}
}
