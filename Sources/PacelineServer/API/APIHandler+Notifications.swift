import Foundation
import PacelineAPI

extension APIHandler {
    func listNotifications(_ input: Operations.ListNotifications.Input) async throws -> Operations.ListNotifications.Output {
        let user = try AuthenticatedUser.required()
        let page = try await Notifications.page(of: user.id, cursor: input.query.cursor, limit: try Paging.limit(input.query.limit),
                                                on: database)
        return .ok(.init(body: .json(page)))
    }

    func countUnreadNotifications(_ input: Operations.CountUnreadNotifications.Input) async throws
        -> Operations.CountUnreadNotifications.Output
    {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(.init(unread: try await Notifications.unread(of: user.id, on: database)))))
    }

    func markNotificationsRead(_ input: Operations.MarkNotificationsRead.Input) async throws -> Operations.MarkNotificationsRead.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        return .ok(.init(body: .json(.init(unread: try await Notifications.markRead(body.id, of: user.id, on: database)))))
    }
}
