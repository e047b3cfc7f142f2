import Fluent
import Foundation
import PacelineAPI

/// One thing a user is told (`Notifications`): who did what, about which activity,
/// invitation or comment, and whether the user has read it.
final class NotificationRow: Model, @unchecked Sendable {
    static let schema = "notifications"

    @ID(key: .id) var id: UUID?
    /// Who is told.
    @Parent(key: "user_id") var user: User
    @Field(key: "kind") var kind: Components.Schemas.NotificationKind
    /// Who did it.
    @Parent(key: "actor_id") var actor: User
    /// What it is about, as one text (the actor's id for a friend request, the activity's
    /// for kudos, the comment's for a comment or mention): with kind, recipient and actor,
    /// what makes it one notification, however often the actor does it.
    @Field(key: "subject") var subject: String
    @OptionalParent(key: "run_id") var run: Run?
    @OptionalParent(key: "invitation_id") var invitation: Invitation?
    @OptionalParent(key: "comment_id") var comment: Comment?
    /// The club it is about (removed with it: `ClubBook.delete`).
    @OptionalField(key: "club_id") var clubID: UUID?
    /// The club challenge a result is about.
    @OptionalField(key: "challenge_id") var challengeID: UUID?
    /// The start of the comment, or the invitation's title.
    @OptionalField(key: "excerpt") var excerpt: String?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @OptionalField(key: "read_at") var readAt: Date?
    /// `pending` until pushed to the user's phones (`PushDelivery`), then `sent`.
    @OptionalField(key: "push_state") var pushState: String?

    init() {}
}
