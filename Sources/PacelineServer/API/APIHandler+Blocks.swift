import Foundation
import PacelineAPI

extension APIHandler {
    func blockUser(_ input: Operations.BlockUser.Input) async throws -> Operations.BlockUser.Output {
        let user = try AuthenticatedUser.required()
        try await Blocks.block(input.path.userId, by: user.id, on: database)
        return .noContent(.init())
    }

    func unblockUser(_ input: Operations.UnblockUser.Input) async throws -> Operations.UnblockUser.Output {
        let user = try AuthenticatedUser.required()
        try await Blocks.unblock(input.path.userId, by: user.id, on: database)
        return .noContent(.init())
    }

    func listBlockedUsers(_ input: Operations.ListBlockedUsers.Input) async throws -> Operations.ListBlockedUsers.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(try await Blocks.blocked(by: user.id, on: database))))
    }
}
