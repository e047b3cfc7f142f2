import Fluent
import Foundation
import PacelineCore
import SQLKit

/// Who may see what a user made, by its privacy: `public` anyone, `friends` the owner and
/// the owner's friends (accepted friendships), `friendsAndClubs` these and the owner's
/// club-mates (`ClubMates`), `private` the owner alone; and never, while signed in, a user
/// the owner blocked (`Blocks`), whatever the privacy.
///
/// One rule in three forms: for one thing (`allows`, asking the database only about a
/// thing of someone else that is not public, and whether a signed-in viewer is blocked),
/// for many things in one request (`Viewer`, with the friends, club-mates and blockers
/// loaded once), and inside a SQL query (`condition`).
extension Privacy {
    /// Whether `viewer` (nil: anonymous) may see something of `owner`'s with `privacy`.
    static func allows(_ viewer: UUID?, toSee owner: UUID, privacy: Privacy, on database: any Database) async throws -> Bool {
        if owner == viewer { return true }
        guard let viewer else { return privacy == .public }
        guard privacy != .private else { return false }
        guard try await !Blocks.isBlocked(viewer, by: owner, on: database) else { return false }
        switch privacy {
        case .public: return true
        case .friends: return try await Friends.areFriends(viewer, owner, on: database)
        case .friendsAndClubs:
            if try await Friends.areFriends(viewer, owner, on: database) { return true }
            return try await ClubMates.share(viewer, owner, on: database)
        case .private: return false
        }
    }

    /// The rule as a SQL condition on the rows of a query, whose owner and privacy are the
    /// columns given; the viewer's friends, club-mates and blockers come from subqueries.
    static func condition(viewer: UUID?, owner: SQLColumn, privacy: SQLColumn) -> SQLQueryString {
        guard let viewer else { return "\(privacy) = \(bind: Privacy.public.rawValue)" }
        return """
            (\(owner) = \(bind: viewer)
             OR ((\(privacy) = \(bind: Privacy.public.rawValue)
                  OR (\(privacy) = \(bind: Privacy.friends.rawValue) AND \(owner) IN (\(friendIDs(of: viewer))))
                  OR (\(privacy) = \(bind: Privacy.friendsAndClubs.rawValue)
                      AND (\(owner) IN (\(friendIDs(of: viewer))) OR \(owner) IN (\(ClubMates.ids(of: viewer))))))
                 AND \(owner) NOT IN (\(Blocks.blockerIDs(of: viewer)))))
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
