import Fluent
import Foundation

/// A badge a user earned, and when: stored so its date stays what it was (a badge is
/// never taken back, even when the run that earned it is deleted).
final class EarnedBadge: Model, @unchecked Sendable {
    static let schema = "earned_badges"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    /// `Badge.id`, e.g. `distance-100`.
    @Field(key: "badge_id") var badgeID: String
    /// The instant of the fact (run, session…) that crossed the badge's target.
    @Field(key: "earned_at") var earnedAt: Date
    /// The id of that fact.
    @OptionalField(key: "source_id") var sourceID: String?
    /// The run that earned it, when a run did.
    @OptionalField(key: "run_id") var runID: UUID?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}
