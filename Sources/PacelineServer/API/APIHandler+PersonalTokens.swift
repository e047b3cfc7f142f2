import Foundation
import PacelineAPI

extension APIHandler {
    func listPersonalTokens(_ input: Operations.ListPersonalTokens.Input) async throws -> Operations.ListPersonalTokens.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(.init(tokens: try await PersonalTokens.list(of: user.id, on: reads).map { try $0.personalSchema }))))
    }

    func createPersonalToken(_ input: Operations.CreatePersonalToken.Input) async throws -> Operations.CreatePersonalToken.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let request) = input.body else { throw Refusal.invalid("send the token's name and scope as JSON") }
        let made = try await PersonalTokens.make(named: request.name, scope: TokenScope(request.scope), days: request.expiresInDays, for: user.id, on: database)
        return .created(.init(body: .json(.init(token: made.secret, personalToken: try made.token.personalSchema))))
    }

    func revokePersonalToken(_ input: Operations.RevokePersonalToken.Input) async throws -> Operations.RevokePersonalToken.Output {
        let user = try AuthenticatedUser.required()
        let hash = try await PersonalTokens.revoke(input.path.tokenId, of: user.id, on: database)
        // Its live connections close now, as a logged-out sign-in's do.
        app.liveHub?.closeSockets(ofToken: hash)
        return .noContent(.init())
    }
}

extension Token {
    /// A personal token as its owner sees it.
    var personalSchema: Components.Schemas.PersonalToken {
        get throws {
            .init(id: try requireID().apiID, name: name ?? "", scope: scope.schema, createdAt: createdAt ?? Date(), expiresAt: expiresAt >= PersonalTokens.never ? nil : expiresAt, lastUsedAt: lastUsedAt)
        }
    }
}
