import Foundation
import PacelineAPI

/// Clubs themselves: made, listed, found, read, changed, renewed, deleted, joined and left
/// (`ClubBook`, `ClubList`).
extension APIHandler {
    func listMyClubs(_ input: Operations.ListMyClubs.Input) async throws -> Operations.ListMyClubs.Output {
        let user = try AuthenticatedUser.required()
        let cursor = try TextInput.checked(input.query.cursor, "cursor", .key)
        return .ok(.init(body: .json(try await ClubList.mine(user.id, cursor: cursor, limit: try Paging.limit(input.query.limit), on: reads))))
    }

    func searchClubs(_ input: Operations.SearchClubs.Input) async throws -> Operations.SearchClubs.Output {
        let user = try AuthenticatedUser.required()
        let name = try TextInput.checked(input.query.name, "name", .search)
        let cursor = try TextInput.checked(input.query.cursor, "cursor", .key)
        let page = try await ClubList.search(name, seenBy: user.id, cursor: cursor, limit: try Paging.limit(input.query.limit), on: reads)
        return .ok(.init(body: .json(page)))
    }

    func createClub(_ input: Operations.CreateClub.Input) async throws -> Operations.CreateClub.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        let club = try await ClubBook.create(
            name: body.name, description: try TextInput.checked(body.description ?? "", "description", .description),
            admission: Club.Admission(body.admission), by: user.id, on: database)
        return .created(.init(body: .json(club)))
    }

    func getClub(_ input: Operations.GetClub.Input) async throws -> Operations.GetClub.Output {
        let user = try AuthenticatedUser.required()
        let secret = try TextInput.checked(input.query.secret, "secret", .key)
        return .ok(.init(body: .json(try await ClubBook.club(input.path.clubId, seenBy: user.id, secret: secret, on: reads))))
    }

    func updateClub(_ input: Operations.UpdateClub.Input) async throws -> Operations.UpdateClub.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        let club = try await ClubBook.update(
            input.path.clubId, name: body.name, description: try TextInput.checked(body.description, "description", .description),
            admission: body.admission.map(Club.Admission.init), by: user.id, on: database)
        return .ok(.init(body: .json(club)))
    }

    func deleteClub(_ input: Operations.DeleteClub.Input) async throws -> Operations.DeleteClub.Output {
        try await ClubBook.delete(input.path.clubId, by: try AuthenticatedUser.required().id, on: database)
        return .noContent(.init())
    }

    func renewClubInvitation(_ input: Operations.RenewClubInvitation.Input) async throws -> Operations.RenewClubInvitation.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(try await ClubBook.renewInvitation(input.path.clubId, by: user.id, on: database))))
    }

    func joinClub(_ input: Operations.JoinClub.Input) async throws -> Operations.JoinClub.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        let secret = try TextInput.checked(body.secret, "secret", .key)
        return .ok(.init(body: .json(try await ClubBook.join(input.path.clubId, secret: secret, by: user.id, on: database))))
    }

    func leaveClub(_ input: Operations.LeaveClub.Input) async throws -> Operations.LeaveClub.Output {
        try await ClubBook.leave(input.path.clubId, by: try AuthenticatedUser.required().id, on: database)
        return .noContent(.init())
    }
}
