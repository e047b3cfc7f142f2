import Foundation
import PacelineAPI

/// Club events: listed, read, planned, changed, cancelled and answered (`ClubEventBook`).
extension APIHandler {
    func listClubEvents(_ input: Operations.ListClubEvents.Input) async throws -> Operations.ListClubEvents.Output {
        let user = try AuthenticatedUser.required()
        let list = try await ClubEventBook.list(input.query.when ?? .upcoming, of: input.path.clubId, seenBy: user.id,
                                                limit: try Paging.limit(input.query.limit), on: reads)
        return .ok(.init(body: .json(list)))
    }

    func createClubEvent(_ input: Operations.CreateClubEvent.Input) async throws -> Operations.CreateClubEvent.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        return .created(.init(body: .json(try await ClubEventBook.create(in: input.path.clubId, body, by: user.id, on: database))))
    }

    func getClubEvent(_ input: Operations.GetClubEvent.Input) async throws -> Operations.GetClubEvent.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(try await ClubEventBook.event(input.path.eventId, of: input.path.clubId, seenBy: user.id, on: reads))))
    }

    func updateClubEvent(_ input: Operations.UpdateClubEvent.Input) async throws -> Operations.UpdateClubEvent.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        let event = try await ClubEventBook.update(input.path.eventId, of: input.path.clubId, body, by: user.id, on: database)
        return .ok(.init(body: .json(event)))
    }

    func cancelClubEvent(_ input: Operations.CancelClubEvent.Input) async throws -> Operations.CancelClubEvent.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(try await ClubEventBook.cancel(input.path.eventId, of: input.path.clubId, by: user.id, on: database))))
    }

    func answerClubEvent(_ input: Operations.AnswerClubEvent.Input) async throws -> Operations.AnswerClubEvent.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        let event = try await ClubEventBook.answer(input.path.eventId, of: input.path.clubId, body.answer, by: user.id, on: database)
        return .ok(.init(body: .json(event)))
    }
}

extension APIHandler {
    func listClubEventActivities(_ input: Operations.ListClubEventActivities.Input) async throws -> Operations.ListClubEventActivities.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(try await ClubEventRuns.runs(of: input.path.eventId, in: input.path.clubId, seenBy: user.id, on: reads))))
    }
}
