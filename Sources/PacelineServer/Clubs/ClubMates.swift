import Fluent
import Foundation
import SQLKit

/// Who shares a club with whom: two users are club-mates when both are members (not
/// asking to join, not banned) of one club. What `friends_and_clubs` privacy opens to.
enum ClubMates {
    /// A subquery of `user`'s club-mates' ids (the user among them, when in a club).
    /// - Complexity: two index lookups (`club_memberships_user`, then `club_memberships_club`).
    static func ids(of user: UUID) -> SQLQueryString {
        """
            SELECT mates.user_id FROM club_memberships AS mine
            JOIN club_memberships AS mates ON mates.club_id = mine.club_id AND mates.status = \(bind: ClubMembership.Status.member.rawValue)
            WHERE mine.user_id = \(bind: user) AND mine.status = \(bind: ClubMembership.Status.member.rawValue)
            """
    }

    /// `user`'s club-mates.
    static func ids(of user: UUID, on database: any Database) async throws -> Set<UUID> {
        let rows = try await database.sql.raw("SELECT DISTINCT user_id FROM (\(ids(of: user))) AS mates").all()
        return Set(try rows.map { try $0.decode(column: "user_id", as: UUID.self) })
    }

    /// Whether `a` and `b` are club-mates.
    static func share(_ a: UUID, _ b: UUID, on database: any Database) async throws -> Bool {
        let row = try await database.sql.raw("""
            SELECT 1 AS shared FROM club_memberships AS mine
            JOIN club_memberships AS theirs ON theirs.club_id = mine.club_id AND theirs.user_id = \(bind: b)
                AND theirs.status = \(bind: ClubMembership.Status.member.rawValue)
            WHERE mine.user_id = \(bind: a) AND mine.status = \(bind: ClubMembership.Status.member.rawValue)
            LIMIT 1
            """).first()
        return row != nil
    }
}
