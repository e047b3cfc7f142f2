import Fluent
import Foundation
import PacelineAPI

/// Walk and race invitations, with one owner for each thing done to them: sending one,
/// cancelling it, and a guest's answer. Handlers decode, call one of these, and encode;
/// what an invitation may be is `InvitationPlan`'s, who may see it `InvitationAccess`'s,
/// and a page of them `InvitationList`'s. Refusals are `Refusal`s.
enum InvitationBook {
    /// Sends `host`'s invitation `creation` (`InvitationPlan`: 400 for what is wrong with
    /// it, then 422 `not_a_friend` for a guest who is not the host's friend), tells each
    /// guest, and answers it with its host and guests.
    static func create(_ creation: Components.Schemas.InvitationCreation, by host: UUID, on database: any Database) async throws -> Invitation {
        let plan = try InvitationPlan(creation, host: host)
        try await plan.checkGuests(on: database)
        let invitation = plan.invitation
        try await database.retryingTransaction { transaction in
            try await invitation.create(on: transaction)
            let invitationID = try invitation.requireID()
            try await plan.guestIDs.map { InvitationGuest(invitationID: invitationID, guestID: $0) }.create(on: transaction)
        }
        let about = Notifications.About(invitation: try invitation.requireID(), excerpt: invitation.title)
        for guest in plan.guestIDs { try await Notifications.tell(guest, .invitation, by: host, about: about, on: database) }
        return try await InvitationAccess.visibleInvitation(try invitation.requireID().apiID, to: host, on: database)
    }

    /// Cancels invitation `id`, which `user` hosts (cancelling one not scheduled changes
    /// nothing): 404 unless they may see it, 403 unless they host it, 409 once it started.
    static func cancel(_ id: String, by user: UUID, on database: any Database) async throws {
        let invitation = try await InvitationAccess.visibleInvitation(id, to: user, on: database)
        guard invitation.$host.id == user else { throw Refusal.forbidden("only the host can cancel the invitation") }
        guard invitation.status == .scheduled else { return }
        guard invitation.startsAt > Date() else { throw Refusal.conflict("the invitation already started") }
        invitation.status = .cancelled
        try await invitation.save(on: database)
    }

    /// Guest `user`'s answer to invitation `id` (`accepts`, else declines): 404 unless they
    /// may see it, 403 for its host, 409 once it was cancelled or started.
    static func respond(to id: String, by user: UUID, accepts: Bool, on database: any Database) async throws -> Invitation {
        let invitation = try await InvitationAccess.visibleInvitation(id, to: user, on: database)
        guard let guest = invitation.guests.first(where: { $0.$guest.id == user }) else {
            throw Refusal.forbidden("the host does not answer their own invitation")
        }
        guard invitation.status == .scheduled else { throw Refusal.conflict("the invitation was cancelled") }
        guard invitation.startsAt > Date() else { throw Refusal.conflict("the invitation already started") }
        guest.response = accepts ? .accepted : .declined
        guest.respondedAt = Date()
        try await guest.save(on: database)
        return invitation
    }
}
