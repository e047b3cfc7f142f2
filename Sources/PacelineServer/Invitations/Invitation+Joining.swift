import Fluent
import Foundation

/// What the live hub asks of invitations when one turns into a live session.
extension Invitation {
    /// The invitation `id` names, if `user` is its host or a guest who accepted; nil
    /// otherwise, and nil when it was cancelled.
    static func joinable(_ id: InvitationID, by user: UserID, on database: any Database) async throws -> Invitation? {
        guard let invitation = try await find(id.uuid, on: database), invitation.status == .scheduled else { return nil }
        if invitation.$host.id == user.uuid { return invitation }
        let accepted = try await InvitationGuest.query(on: database)
            .filter(\.$invitation.$id == id.uuid).filter(\.$guest.$id == user.uuid).filter(\.$response == .accepted)
            .count()
        return accepted > 0 ? invitation : nil
    }

    /// The ids of the guests of `invitationID` who accepted (the host is not a guest).
    static func acceptedGuestIDs(of invitationID: UUID, on database: any Database) async throws -> [UUID] {
        try await InvitationGuest.query(on: database)
            .filter(\.$invitation.$id == invitationID).filter(\.$response == .accepted)
            .all(\.$guest.$id)
    }
}
