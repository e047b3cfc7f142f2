import Fluent
import Foundation

/// A club: runners and walkers gathered under a name, with members in roles
/// (`ClubMembership`). Who may join is its `admission`; its invitation link carries
/// `invitationSecret`, which admins renew to void the old link.
final class Club: Model, @unchecked Sendable {
    static let schema = "clubs"

    /// How one becomes a member.
    enum Admission: String, Codable, Sendable {
        /// Anyone signed in may join; anyone signed in may find it by name.
        case open
        /// Whoever holds the invitation link joins by it.
        case invitation
        /// Whoever holds the invitation link may ask to join; an admin approves.
        case approval
    }

    @ID(key: .id) var id: UUID?
    @Field(key: "name") var name: String
    /// `name` folded, as search compares it (`SearchName`).
    @Field(key: "search_name") var searchName: String
    @Field(key: "description") var description: String
    @Field(key: "admission") var admission: Admission
    /// The secret of the invitation link: random and unguessable, unique.
    @Field(key: "invitation_secret") var invitationSecret: String
    /// When an instance admin hid it (`Moderation`): 404 to everyone, its members too.
    @OptionalField(key: "hidden_at") var hiddenAt: Date?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(name: String, description: String, admission: Admission, invitationSecret: String) {
        self.name = name
        self.searchName = SearchName.of(name)
        self.description = description
        self.admission = admission
        self.invitationSecret = invitationSecret
    }
}
