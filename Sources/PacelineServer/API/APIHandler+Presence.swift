import Foundation
import PacelineAPI

extension APIHandler {
    func notePresence(_ input: Operations.NotePresence.Input) async throws -> Operations.NotePresence.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        try await Presence.note(body.state, sport: body.sport, by: user.id, on: database)
        return .noContent(.init())
    }

    func endPresence(_ input: Operations.EndPresence.Input) async throws -> Operations.EndPresence.Output {
        let user = try AuthenticatedUser.required()
        try await Presence.end(by: user.id, on: database)
        return .noContent(.init())
    }

    func listFriendsPresent(_ input: Operations.ListFriendsPresent.Input) async throws -> Operations.ListFriendsPresent.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(try await Presence.friends(of: user.id, on: database))))
    }
}
