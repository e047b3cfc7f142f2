import Foundation
import SQLKit

/// The conditions on a user's membership that club statements carry in SQL, so that a
/// rule is checked in the statement that acts on it (no check-then-act race: an admin
/// demoted meanwhile changes nothing).
enum ClubRules {
    private static let member = ClubMembership.Status.member.rawValue

    /// Whether `user` is a member of `club` holding one of `roles`, as a SQL condition.
    static func holds(_ user: UUID, _ roles: [ClubMembership.Role], in club: UUID) -> SQLQueryString {
        let list = roles.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        return """
            EXISTS (SELECT 1 FROM club_memberships AS actor WHERE actor.club_id = \(bind: club)
                AND actor.user_id = \(bind: user) AND actor.status = \(bind: member) AND actor.role IN (\(unsafeRaw: list)))
            """
    }

    /// Whether `user` may act on the membership row being changed: the owner on anyone's
    /// but their own, an admin on members' (and requests and bans, which hold role `member`).
    static func mayManage(_ user: UUID, in club: UUID) -> SQLQueryString {
        """
            (club_memberships.role <> 'owner' AND club_memberships.user_id <> \(bind: user)
             AND (\(holds(user, [.owner], in: club))
                  OR (club_memberships.role = 'member' AND \(holds(user, [.admin], in: club)))))
            """
    }
}
