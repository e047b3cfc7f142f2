import PacelineAPI

extension APIHandler {
    func createInvitation(_ input: Operations.CreateInvitation.Input) async throws -> Operations.CreateInvitation.Output {
        let host = try AuthenticatedUser.required()
        guard case .json(let creation) = input.body else { throw Refusal.invalid("send JSON") }
        let created = try await InvitationBook.create(creation, by: host.id, on: database)
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
        try await InvitationBook.cancel(input.path.invitationId, by: user.id, on: database)
        return .noContent(.init())
    }

    func respondToInvitation(_ input: Operations.RespondToInvitation.Input) async throws -> Operations.RespondToInvitation.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let reply) = input.body else { throw Refusal.invalid("send JSON") }
        let invitation = try await InvitationBook.respond(to: input.path.invitationId, by: user.id, accepts: reply.response == .accept,
                                                          on: database)
        return .ok(.init(body: .json(invitation.schema)))
    }
}
