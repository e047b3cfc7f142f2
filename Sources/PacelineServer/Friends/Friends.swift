import Fluent
import Foundation

/// Who is friends with whom: accepted friendships, for the privacy rules and the live hub.
enum Friends {
    /// Whether `a` and `b` are friends (an accepted friendship).
    /// - Complexity: one lookup on the pair's unique index.
    static func areFriends(_ a: UUID, _ b: UUID, on database: any Database) async throws -> Bool {
        guard a != b else { return false }
        return try await Friendship.between(a, b, on: database)?.status == .accepted
    }

    /// The ids of `user`'s friends.
    /// - Complexity: one query, on the two indexes that start with a user of the pair.
    static func friendIDs(of user: UUID, on database: any Database) async throws -> Set<UUID> {
        let rows = try await Friendship.query(on: database)
            .filter(\.$status == .accepted)
            .group(.or) { $0.filter(\.$userLow.$id == user).filter(\.$userHigh.$id == user) }
            .field(\.$userLow.$id).field(\.$userHigh.$id)
            .all()
        return Set(rows.map { $0.other(than: user) })
    }
}
