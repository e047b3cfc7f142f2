import Fluent
import Foundation

/// A member's answer to a club event: one per event and user (a unique index), the last
/// one given counting. It goes with the event or the user's account.
final class ClubEventAnswer: Model, @unchecked Sendable {
    static let schema = "club_event_answers"

    /// Whether they are going.
    enum Answer: String, Codable, Sendable {
        case yes, no, maybe
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "event_id") var event: ClubEvent
    @Parent(key: "user_id") var user: User
    @Field(key: "answer") var answer: Answer
    @Field(key: "answered_at") var answeredAt: Date

    init() {}
}
