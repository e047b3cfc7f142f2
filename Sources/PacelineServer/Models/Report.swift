import Fluent
import Foundation

/// A user's report of a comment to the instance's admins, until an admin decides it.
final class Report: Model, @unchecked Sendable {
    static let schema = "reports"

    /// What an admin decided.
    enum Decision: String, Codable, Sendable {
        /// The comment is hidden from everyone.
        case hide
        /// The comment is hidden and its writer's account suspended.
        case ban
        /// The comment stays.
        case dismiss
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "reporter_id") var reporter: User
    @Parent(key: "comment_id") var comment: Comment
    /// The reporter's words, if any.
    @OptionalField(key: "reason") var reason: String?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @OptionalField(key: "decided_at") var decidedAt: Date?
    @OptionalField(key: "decision") var decision: Decision?

    init() {}
}
