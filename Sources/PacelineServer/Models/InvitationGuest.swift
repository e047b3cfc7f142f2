import Fluent
import Foundation

/// One friend invited to an `Invitation`, and their answer.
final class InvitationGuest: Model, @unchecked Sendable {
    static let schema = "invitation_guests"

    /// The guest's answer; they may change it until the start.
    enum Response: String, Codable, Sendable {
        case pending, accepted, declined
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "invitation_id") var invitation: Invitation
    @Parent(key: "guest_id") var guest: User
    @Field(key: "response") var response: Response
    /// When the guest last answered; nil while pending.
    @OptionalField(key: "responded_at") var respondedAt: Date?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    /// `guest`, invited to `invitation` and yet to answer.
    init(invitationID: UUID, guestID: UUID) {
        self.$invitation.id = invitationID
        self.$guest.id = guestID
        self.response = .pending
    }
}
