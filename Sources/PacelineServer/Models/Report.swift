import Fluent
import Foundation

/// A user's report of a comment or a club to the instance's admins, until an admin decides it.
final class Report: Model, @unchecked Sendable {
    static let schema = "reports"

    /// What an admin decided.
    enum Decision: String, Codable, Sendable {
        /// The comment or club is hidden from everyone.
        case hide
        /// Hidden, and its writer's (the club's owner's) account suspended.
        case ban
        /// It stays.
        case dismiss
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "reporter_id") var reporter: User
    /// The comment reported, or nil for a club.
    @OptionalParent(key: "comment_id") var comment: Comment?
    /// The club reported, or nil for a comment.
    @OptionalField(key: "club_id") var clubID: UUID?
    /// The reporter's words, if any.
    @OptionalField(key: "reason") var reason: String?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @OptionalField(key: "decided_at") var decidedAt: Date?
    @OptionalField(key: "decision") var decision: Decision?

    init() {}
}
