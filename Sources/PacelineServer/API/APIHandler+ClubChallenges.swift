import Foundation
import PacelineAPI

/// Club challenges: listed, read, set and deleted (`ChallengeBook`), and the badges of those finished (`ChallengeFinishers`).
extension APIHandler {
    func listClubChallenges(_ input: Operations.ListClubChallenges.Input) async throws -> Operations.ListClubChallenges.Output {
        let user = try AuthenticatedUser.required()
        let list = try await ChallengeBook.list(of: input.path.clubId, seenBy: user.id, limit: try Paging.limit(input.query.limit), on: reads)
        return .ok(.init(body: .json(list)))
    }

    func createClubChallenge(_ input: Operations.CreateClubChallenge.Input) async throws -> Operations.CreateClubChallenge.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        return .created(.init(body: .json(try await ChallengeBook.create(in: input.path.clubId, body, by: user.id, on: database))))
    }

    func getClubChallenge(_ input: Operations.GetClubChallenge.Input) async throws -> Operations.GetClubChallenge.Output {
        let user = try AuthenticatedUser.required()
        let challenge = try await ChallengeBook.challenge(input.path.challengeId, of: input.path.clubId, seenBy: user.id,
                                                          limit: try Paging.limit(input.query.limit), on: reads)
        return .ok(.init(body: .json(challenge)))
    }

    func deleteClubChallenge(_ input: Operations.DeleteClubChallenge.Input) async throws -> Operations.DeleteClubChallenge.Output {
        let user = try AuthenticatedUser.required()
        try await ChallengeBook.delete(input.path.challengeId, of: input.path.clubId, by: user.id, on: database)
        return .noContent(.init())
    }

    func listMyChallengeBadges(_ input: Operations.ListMyChallengeBadges.Input) async throws -> Operations.ListMyChallengeBadges.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(try await ChallengeFinishers.badges(of: user.id, on: reads))))
    }
}
