import Fluent
import Foundation
import PacelineAPI

extension APIHandler {
    func createInvitation(_ input: Operations.CreateInvitation.Input) async throws -> Operations.CreateInvitation.Output {
        let host = try AuthenticatedUser.required()
        guard case .json(let creation) = input.body else { throw Refusal.invalid("send JSON") }
        let plan = try InvitationPlan(creation, host: host.id)
        try await plan.checkGuests(on: database)
        let invitation = plan.invitation
        try await database.retryingTransaction { transaction in
            try await invitation.create(on: transaction)
            let invitationID = try invitation.requireID()
            try await plan.guestIDs.map { InvitationGuest(invitationID: invitationID, guestID: $0) }.create(on: transaction)
        }
        let created = try await InvitationAccess.visibleInvitation(try invitation.requireID().apiID, to: host.id, on: database)
        return .created(.init(body: .json(created.schema)))
    }

    func listInvitations(_ input: Operations.ListInvitations.Input) async throws -> Operations.ListInvitations.Output {
        let user = try AuthenticatedUser.required()
        let page = try await InvitationList(database: database)
            .page(of: user.id, box: input.query.box, cursor: input.query.cursor, limit: try Paging.limit(input.query.limit))
        return .ok(.init(body: .json(page)))
    }

    func getInvitation(_ input: Operations.GetInvitation.Input) async throws -> Operations.GetInvitation.Output {
        let user = try AuthenticatedUser.required()
        let invitation = try await InvitationAccess.visibleInvitation(input.path.invitationId, to: user.id, on: database)
        return .ok(.init(body: .json(invitation.schema)))
    }

    func cancelInvitation(_ input: Operations.CancelInvitation.Input) async throws -> Operations.CancelInvitation.Output {
        let user = try AuthenticatedUser.required()
        let invitation = try await InvitationAccess.visibleInvitation(input.path.invitationId, to: user.id, on: database)
        guard invitation.$host.id == user.id else { throw Refusal.forbidden("only the host can cancel the invitation") }
        guard invitation.status == .scheduled else { return .noContent(.init()) }
        guard invitation.startsAt > Date() else { throw Refusal.conflict("the invitation already started") }
        invitation.status = .cancelled
        try await invitation.save(on: database)
        return .noContent(.init())
    }

    func respondToInvitation(_ input: Operations.RespondToInvitation.Input) async throws -> Operations.RespondToInvitation.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let reply) = input.body else { throw Refusal.invalid("send JSON") }
        let invitation = try await InvitationAccess.visibleInvitation(input.path.invitationId, to: user.id, on: database)
        guard let guest = invitation.guests.first(where: { $0.$guest.id == user.id }) else {
            throw Refusal.forbidden("the host does not answer their own invitation")
        }
        guard invitation.status == .scheduled else { throw Refusal.conflict("the invitation was cancelled") }
        guard invitation.startsAt > Date() else { throw Refusal.conflict("the invitation already started") }
        guest.response = reply.response == .accept ? .accepted : .declined
        guest.respondedAt = Date()
        try await guest.save(on: database)
        return .ok(.init(body: .json(invitation.schema)))
    }
}
