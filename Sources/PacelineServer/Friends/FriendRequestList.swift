import Fluent
import Foundation
import PacelineAPI

/// A user's pending friend requests, received or sent, newest first, a page at a time.
struct FriendRequestList: Sendable {
    let database: any Database

    /// One page of the requests in `box` of `user`, after the `cursor` of the previous page.
    /// - Complexity: two queries: the page's requests (on the indexes that start with a
    ///   user of the pair), then the other users.
    func page(of user: UUID, box: Components.Schemas.FriendRequestBox, cursor: String?, limit: Int) async throws
        -> Components.Schemas.FriendRequestPage
    {
        var query = Friendship.query(on: database)
            .filter(\.$status == .pending)
            .group(.or) { $0.filter(\.$userLow.$id == user).filter(\.$userHigh.$id == user) }
            .filter(\.$requester.$id, box == .sent ? .equal : .notEqual, user)
            .sort(\.$createdAt, .descending).sort(\.$id, .descending)
            .limit(limit + 1)
        if let cursor {
            query = query.filter(Paging.after(try Paging.decode(cursor), table: Friendship.schema, timeColumn: "created_at"))
        }
        let (requests, next) = try Paging.page(try await query.all(), limit: limit) { request in
            try request.createdAt.map { Paging.encode(time: $0, id: try request.requireID()) }
        }
        let others = requests.map { $0.other(than: user) }
        let users = others.isEmpty ? [] : try await User.query(on: database).filter(\.$id ~~ others).all()
        let byID = Dictionary(uniqueKeysWithValues: users.compactMap { user in user.id.map { ($0, user) } })
        return .init(
            requests: requests.compactMap { request in
                byID[request.other(than: user)].map { .init(user: $0.summary, sentAt: request.createdAt ?? Date()) }
            },
            nextCursor: next)
    }
}
