import Fluent
import Foundation
import PacelineAPI
import SQLKit

/// A user's friends by name (folded, as search orders them), a page at a time, with when
/// each friendship began.
struct FriendList: Sendable {
    let database: any Database

    /// One page of `user`'s friends, after the `cursor` of the previous page.
    /// - Complexity: one query joining the user's accepted friendships to the friends.
    func page(of user: UUID, cursor: String?, limit: Int) async throws -> Components.Schemas.FriendPage {
        var after: SQLQueryString = ""
        if let cursor {
            let (key, id) = try Paging.decodeKeyed(cursor)
            after = "AND (users.search_name > \(bind: key) OR (users.search_name = \(bind: key) AND users.id > \(bind: id)))"
        }
        let rows = try await database.sql.raw("""
            SELECT users.id, users.display_name, users.search_name, friendships.accepted_at
            FROM friendships
            JOIN users ON users.id = CASE WHEN friendships.user_low_id = \(bind: user)
                                          THEN friendships.user_high_id ELSE friendships.user_low_id END
            WHERE (friendships.user_low_id = \(bind: user) OR friendships.user_high_id = \(bind: user))
                AND friendships.status = \(bind: Friendship.Status.accepted.rawValue) \(after)
            ORDER BY users.search_name, users.id
            LIMIT \(literal: limit + 1)
            """).all()
        let (shown, next) = try Paging.page(rows, limit: limit) {
            Paging.encode(key: try $0.decode(column: "search_name", as: String.self), id: try $0.decode(column: "id", as: UUID.self))
        }
        return .init(
            friends: try shown.map { row in
                .init(user: .init(id: try row.decode(column: "id", as: UUID.self).apiID,
                                  displayName: try row.decode(column: "display_name", as: String.self)),
                      since: try row.decode(column: "accepted_at", as: Date.self))
            },
            nextCursor: next)
    }
}
