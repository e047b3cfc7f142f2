import Fluent
import Foundation
import PacelineCore
import SQLKit

/// Who may see what a user made, by its privacy: `public` anyone, `friends` the owner and
/// the owner's friends (accepted friendships), `friendsAndClubs` these and the owner's
/// club-mates (`ClubMates`), `private` the owner alone.
///
/// One rule in three forms: for one thing (`allows`, asking the database only about a
/// friends-only thing of someone else), for many things in one request (`Viewer`, with
/// the friends loaded once), and inside a SQL query (`condition`).
extension Privacy {
    /// Whether `viewer` (nil: anonymous) may see something of `owner`'s with `privacy`.
    static func allows(_ viewer: UUID?, toSee owner: UUID, privacy: Privacy, on database: any Database) async throws -> Bool {
        if privacy == .public || owner == viewer { return true }
        if privacy == .friendsAndClubs, let viewer {
            if try await Friends.areFriends(viewer, owner, on: database) { return true }
            return try await ClubMates.share(viewer, owner, on: database)
        }
        guard let viewer, privacy == .friends else { return false }
        return try await Friends.areFriends(viewer, owner, on: database)
    }

    /// The rule as a SQL condition on the rows of a query, whose owner and privacy are the
    /// columns given; the viewer's friends come from a subquery on `friendships`, their
    /// club-mates from one on `club_memberships`.
    static func condition(viewer: UUID?, owner: SQLColumn, privacy: SQLColumn) -> SQLQueryString {
        guard let viewer else { return "\(privacy) = \(bind: Privacy.public.rawValue)" }
        return """
            (\(privacy) = \(bind: Privacy.public.rawValue) OR \(owner) = \(bind: viewer)
             OR (\(privacy) = \(bind: Privacy.friends.rawValue) AND \(owner) IN (\(friendIDs(of: viewer))))
             OR (\(privacy) = \(bind: Privacy.friendsAndClubs.rawValue)
                 AND (\(owner) IN (\(friendIDs(of: viewer))) OR \(owner) IN (\(ClubMates.ids(of: viewer))))))
            """
    }

    /// A subquery of `viewer`'s friends' ids (accepted friendships).
    static func friendIDs(of viewer: UUID) -> SQLQueryString {
        """
            SELECT user_high_id FROM friendships WHERE user_low_id = \(bind: viewer) AND status = \(bind: Friendship.Status.accepted.rawValue)
            UNION ALL
            SELECT user_low_id FROM friendships WHERE user_high_id = \(bind: viewer) AND status = \(bind: Friendship.Status.accepted.rawValue)
            """
    }
}
