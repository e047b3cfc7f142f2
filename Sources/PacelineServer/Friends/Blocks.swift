import Fluent
import Foundation
import PacelineAPI
import SQLKit

/// Blocking: a user blocked by another sees nothing of theirs while signed in (`Privacy`'s
/// rule answers 404, even for what is public), and can't find, befriend, comment on or
/// invite them. Blocking ends a friendship or a request between the two; unblocking
/// doesn't bring it back.
enum Blocks {
    /// `blocker` blocks the user `id` names (again: nothing changes). 400 for oneself or
    /// no user id, 404 for no such user.
    static func block(_ id: String, by blocker: UUID, on database: any Database) async throws {
        let blocked = try await other(id, than: blocker, on: database)
        try await database.retryingTransaction { transaction in
            try await transaction.sql.insert(into: Block.schema)
                .columns("id", "blocker_id", "blocked_id", "created_at")
                .values(SQLBind(UUID()), SQLBind(blocker), SQLBind(blocked), SQLBind(Date()))
                .ignoringConflicts(with: ["blocker_id", "blocked_id"])
                .run()
            try await Friendship.between(blocker, blocked, on: transaction)?.delete(on: transaction)
            try await NotificationRow.query(on: transaction)
                .filter(\.$user.$id == blocker).filter(\.$actor.$id == blocked).delete()
        }
    }

    /// `blocker` unblocks the user `id` names (when not blocked: nothing changes).
    static func unblock(_ id: String, by blocker: UUID, on database: any Database) async throws {
        let blocked = try await other(id, than: blocker, on: database)
        try await Block.query(on: database).filter(\.$blocker.$id == blocker).filter(\.$blocked.$id == blocked).delete()
    }

    /// The users `blocker` blocked, newest first.
    static func blocked(by blocker: UUID, on database: any Database) async throws -> Components.Schemas.BlockedUsers {
        let blocks = try await Block.query(on: database).filter(\.$blocker.$id == blocker).with(\.$blocked)
            .sort(\.$createdAt, .descending).sort(\.$id).all()
        return .init(users: blocks.map(\.blocked.summary))
    }

    /// Whether `blocker` blocked `blocked`.
    /// - Complexity: one lookup on the pair's unique index.
    static func isBlocked(_ blocked: UUID, by blocker: UUID, on database: any Database) async throws -> Bool {
        try await Block.query(on: database).filter(\.$blocker.$id == blocker).filter(\.$blocked.$id == blocked).first() != nil
    }

    /// The ids of the users who blocked `user`.
    static func blockerIDs(of user: UUID, on database: any Database) async throws -> Set<UUID> {
        Set(try await Block.query(on: database).filter(\.$blocked.$id == user).field(\.$blocker.$id).all().map(\.$blocker.id))
    }

    /// A subquery of the ids of the users who blocked `user`, for `Privacy.condition`.
    static func blockerIDs(of user: UUID) -> SQLQueryString {
        "SELECT blocker_id FROM blocks WHERE blocked_id = \(bind: user)"
    }

    private static func other(_ id: String, than user: UUID, on database: any Database) async throws -> UUID {
        guard let other = UUID(uuidString: id) else { throw Refusal.invalid("`userId` is not a user id") }
        guard other != user else { throw Refusal.invalid("you can't block yourself") }
        guard try await User.find(other, on: database) != nil else { throw Refusal.notFound("user") }
        return other
    }
}
