import Foundation
import PacelineAPI

extension APIHandler {
    func getPushKey(_ input: Operations.GetPushKey.Input) async throws -> Operations.GetPushKey.Output {
        .ok(.init(body: .json(.init(publicKey: pushKey.publicKey))))
    }

    func subscribeToPush(_ input: Operations.SubscribeToPush.Input) async throws -> Operations.SubscribeToPush.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        try await PushSubscriptions.subscribe(body, by: user.id, settings: settings.push, on: database)
        return .noContent(.init())
    }

    func unsubscribeFromPush(_ input: Operations.UnsubscribeFromPush.Input) async throws -> Operations.UnsubscribeFromPush.Output {
        let user = try AuthenticatedUser.required()
        try await PushSubscriptions.unsubscribe(input.query.endpoint, by: user.id, on: database)
        return .noContent(.init())
    }

    func getNotificationSettings(_ input: Operations.GetNotificationSettings.Input) async throws -> Operations.GetNotificationSettings.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(try await PushSubscriptions.settings(of: user.id, on: database))))
    }

    func updateNotificationSettings(_ input: Operations.UpdateNotificationSettings.Input) async throws
        -> Operations.UpdateNotificationSettings.Output
    {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        return .ok(.init(body: .json(try await PushSubscriptions.change(body, of: user.id, on: database))))
    }
}
