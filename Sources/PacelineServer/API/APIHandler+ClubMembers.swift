import Foundation
import PacelineAPI

/// A club's people and what its owner and admins do to them (`ClubBook+Members`).
extension APIHandler {
    func listClubMembers(_ input: Operations.ListClubMembers.Input) async throws -> Operations.ListClubMembers.Output {
        let user = try AuthenticatedUser.required()
        let cursor = try TextInput.checked(input.query.cursor, "cursor", .key)
        let page = try await ClubList.people(
            of: input.path.clubId, status: input.query.status.map(ClubMembership.Status.init) ?? .member, seenBy: user.id,
            cursor: cursor, limit: try Paging.limit(input.query.limit), on: reads)
        return .ok(.init(body: .json(page)))
    }

    func removeClubMember(_ input: Operations.RemoveClubMember.Input) async throws -> Operations.RemoveClubMember.Output {
        let user = try AuthenticatedUser.required()
        try await ClubBook.remove(input.path.userId, from: input.path.clubId, by: user.id, on: database)
        return .noContent(.init())
    }

    func approveClubMember(_ input: Operations.ApproveClubMember.Input) async throws -> Operations.ApproveClubMember.Output {
        let user = try AuthenticatedUser.required()
        try await ClubBook.approve(input.path.userId, in: input.path.clubId, by: user.id, on: database)
        return .noContent(.init())
    }

    func setClubMemberRole(_ input: Operations.SetClubMemberRole.Input) async throws -> Operations.SetClubMemberRole.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        try await ClubBook.setRole(ClubMembership.Role(body.role), of: input.path.userId, in: input.path.clubId, by: user.id, on: database)
        return .noContent(.init())
    }

    func banFromClub(_ input: Operations.BanFromClub.Input) async throws -> Operations.BanFromClub.Output {
        let user = try AuthenticatedUser.required()
        try await ClubBook.ban(input.path.userId, from: input.path.clubId, by: user.id, on: database)
        return .noContent(.init())
    }

    func liftClubBan(_ input: Operations.LiftClubBan.Input) async throws -> Operations.LiftClubBan.Output {
        let user = try AuthenticatedUser.required()
        try await ClubBook.liftBan(input.path.userId, in: input.path.clubId, by: user.id, on: database)
        return .noContent(.init())
    }

    func transferClubOwnership(_ input: Operations.TransferClubOwnership.Input) async throws -> Operations.TransferClubOwnership.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        try await ClubBook.transfer(input.path.clubId, to: body.userId, by: user.id, on: database)
        return .noContent(.init())
    }
}
