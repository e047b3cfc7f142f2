import Foundation
import PacelineAPI

extension APIHandler {
    func searchUsers(_ input: Operations.SearchUsers.Input) async throws -> Operations.SearchUsers.Output {
        let user = try AuthenticatedUser.required()
        let text = try TextInput.checked(input.query.search, "search", .search).trimmingCharacters(in: .whitespacesAndNewlines)
        guard (UserSearch.minimumLength...UserSearch.maximumLength).contains(text.count) else {
            throw Refusal.invalid("search for \(UserSearch.minimumLength) to \(UserSearch.maximumLength) characters of a name")
        }
        let page = try await UserSearch(database: database)
            .page(matching: text, for: user.id, cursor: input.query.cursor, limit: try Paging.limit(input.query.limit))
        return .ok(.init(body: .json(page)))
    }

    func listFriends(_ input: Operations.ListFriends.Input) async throws -> Operations.ListFriends.Output {
        let user = try AuthenticatedUser.required()
        let page = try await FriendList(database: database)
            .page(of: user.id, cursor: input.query.cursor, limit: try Paging.limit(input.query.limit))
        return .ok(.init(body: .json(page)))
    }

    func removeFriend(_ input: Operations.RemoveFriend.Input) async throws -> Operations.RemoveFriend.Output {
        let user = try AuthenticatedUser.required()
        guard let other = UUID(uuidString: input.path.userId) else { throw Refusal.notFound("friend or friend request sent") }
        try await FriendRequests(database: database).remove(other, by: user.id)
        return .noContent(.init())
    }

    func listFriendRequests(_ input: Operations.ListFriendRequests.Input) async throws -> Operations.ListFriendRequests.Output {
        let user = try AuthenticatedUser.required()
        let page = try await FriendRequestList(database: database)
            .page(of: user.id, box: input.query.box ?? .received, cursor: input.query.cursor, limit: try Paging.limit(input.query.limit))
        return .ok(.init(body: .json(page)))
    }

    func sendFriendRequest(_ input: Operations.SendFriendRequest.Input) async throws -> Operations.SendFriendRequest.Output {
        let sender = try AuthenticatedUser.required()
        guard case .json(let request) = input.body else { throw Refusal.invalid("send JSON") }
        let (addressee, outcome) = try await FriendRequests(database: database).request(from: sender.id, to: request.userId)
        switch outcome {
        case .requested: return .created(.init(body: .json(addressee.related(.requestSent))))
        case .alreadyRequested: return .ok(.init(body: .json(addressee.related(.requestSent))))
        case .befriended: return .ok(.init(body: .json(addressee.related(.friend))))
        }
    }

    func acceptFriendRequest(_ input: Operations.AcceptFriendRequest.Input) async throws -> Operations.AcceptFriendRequest.Output {
        let user = try AuthenticatedUser.required()
        let (requester, friendship) = try await FriendRequests(database: database).accept(from: input.path.userId, by: user.id)
        return .ok(.init(body: .json(.init(user: requester.summary, since: friendship.acceptedAt ?? Date()))))
    }

    func declineFriendRequest(_ input: Operations.DeclineFriendRequest.Input) async throws -> Operations.DeclineFriendRequest.Output {
        let user = try AuthenticatedUser.required()
        guard let requesterID = UUID(uuidString: input.path.userId) else { throw Refusal.notFound("friend request from this user") }
        try await FriendRequests(database: database).decline(from: requesterID, by: user.id)
        return .noContent(.init())
    }
}
