import Foundation
import PacelineAPI

extension APIHandler {
    func getKudos(_ input: Operations.GetKudos.Input) async throws -> Operations.GetKudos.Output {
        .ok(.init(body: .json(try await KudosBook.kudos(of: input.path.runId, seenBy: AuthenticatedUser.current?.id, on: reads))))
    }

    func giveKudos(_ input: Operations.GiveKudos.Input) async throws -> Operations.GiveKudos.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(try await KudosBook.set(true, on: input.path.runId, by: user.id, on: database))))
    }

    func takeBackKudos(_ input: Operations.TakeBackKudos.Input) async throws -> Operations.TakeBackKudos.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(try await KudosBook.set(false, on: input.path.runId, by: user.id, on: database))))
    }
}
