import Fluent
import Foundation

/// Who may see an invitation: its host and its guests (whatever they answered). Anyone
/// else is answered 404, as if it did not exist.
enum InvitationAccess {
    /// The invitation `id` names, with its host and guests loaded, if `user` is its host or
    /// a guest; 404 otherwise.
    static func visibleInvitation(_ id: String, to user: UUID, on database: any Database) async throws -> Invitation {
        guard let uuid = UUID(uuidString: id),
              let invitation = try await Invitation.query(on: database).filter(\.$id == uuid)
                  .with(\.$host).with(\.$guests, { $0.with(\.$guest) }).first(),
              invitation.$host.id == user || invitation.guests.contains(where: { $0.$guest.id == user })
        else { throw Refusal.notFound("invitation") }
        return invitation
    }
}
