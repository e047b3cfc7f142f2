import Fluent
import Foundation
import PacelineAPI
import SQLKit

/// What the owner and admins do to others: approve requests, remove, ban and lift bans,
/// name admins, transfer ownership. Each is one statement carrying its rule
/// (`ClubRules.mayManage`); when it changes nothing, the answer says why.
extension ClubBook {
    private static let member = ClubMembership.Status.member.rawValue

    /// Approves `target`'s request to join (owner and admins), and tells them; 404 when there is none.
    static func approve(_ target: String, in id: String, by user: UUID, on database: any Database) async throws {
        let (clubID, targetID) = try await managed(target, in: id, by: user, on: database)
        let changed = try await database.sql.raw("""
            UPDATE club_memberships SET status = \(bind: member), since = \(bind: Date())
            WHERE club_id = \(bind: clubID) AND user_id = \(bind: targetID) AND status = \(bind: ClubMembership.Status.requested.rawValue)
                AND \(ClubRules.holds(user, [.owner, .admin], in: clubID))
            RETURNING id
            """).all()
        if changed.isEmpty { throw Refusal.notFound("request to join") }
        let name = try await Club.find(clubID, on: database)?.name
        try await Notifications.tell(targetID, .clubApproved, by: user, about: .init(club: clubID, excerpt: name), on: database)
    }

    /// Removes member `target`, or declines their request (owner and admins; an admin
    /// neither the owner nor another admin). They may join again as the club allows.
    static func remove(_ target: String, from id: String, by user: UUID, on database: any Database) async throws {
        let (clubID, targetID) = try await managed(target, in: id, by: user, on: database)
        let gone = try await database.sql.raw("""
            DELETE FROM club_memberships
            WHERE club_id = \(bind: clubID) AND user_id = \(bind: targetID)
                AND status IN (\(bind: member), \(bind: ClubMembership.Status.requested.rawValue))
                AND \(ClubRules.mayManage(user, in: clubID))
            RETURNING id
            """).all()
        if gone.isEmpty { try await whyNot(targetID, in: clubID, on: database) }
    }

    /// Bans `target` (owner and admins; an admin neither the owner nor another admin): a
    /// member is removed, and nobody banned joins or asks again. Banning twice changes nothing.
    static func ban(_ target: String, from id: String, by user: UUID, on database: any Database) async throws {
        let (clubID, targetID) = try await managed(target, in: id, by: user, on: database)
        let banned = ClubMembership.Status.banned.rawValue
        let rows = try await database.sql.raw("""
            INSERT INTO club_memberships (id, club_id, user_id, status, role, since)
            SELECT \(bind: UUID()), clubs.id, \(bind: targetID), \(bind: banned), \(bind: ClubMembership.Role.member.rawValue), \(bind: Date())
            FROM clubs WHERE clubs.id = \(bind: clubID) AND \(ClubRules.holds(user, [.owner, .admin], in: clubID))
            ON CONFLICT (club_id, user_id) DO UPDATE SET status = excluded.status, role = excluded.role, since = excluded.since
            WHERE \(ClubRules.mayManage(user, in: clubID))
            RETURNING id
            """).all()
        if rows.isEmpty { try await whyNot(targetID, in: clubID, on: database) }
    }

    /// Lifts `target`'s ban (owner and admins); lifting none changes nothing.
    static func liftBan(_ target: String, in id: String, by user: UUID, on database: any Database) async throws {
        let (clubID, targetID) = try await managed(target, in: id, by: user, on: database)
        try await database.sql.raw("""
            DELETE FROM club_memberships WHERE club_id = \(bind: clubID) AND user_id = \(bind: targetID)
                AND status = \(bind: ClubMembership.Status.banned.rawValue) AND \(ClubRules.holds(user, [.owner, .admin], in: clubID))
            """).run()
    }

    /// Makes member `target` an admin or a member again (the owner alone).
    static func setRole(_ role: ClubMembership.Role, of target: String, in id: String, by user: UUID,
                        on database: any Database) async throws {
        guard role != .owner else { throw Refusal.invalid("ownership moves by transfer") }
        let seen = try await ClubAccess.member(id, user, as: [.owner], on: database)
        let clubID = try seen.club.requireID(), targetID = try memberID(target)
        let changed = try await database.sql.raw("""
            UPDATE club_memberships SET role = \(bind: role.rawValue)
            WHERE club_id = \(bind: clubID) AND user_id = \(bind: targetID) AND status = \(bind: member)
                AND role <> \(bind: ClubMembership.Role.owner.rawValue) AND \(ClubRules.holds(user, [.owner], in: clubID))
            RETURNING id
            """).all()
        if changed.isEmpty { try await whyNot(targetID, in: clubID, on: database) }
    }

    /// Makes member `target` the owner; the old owner stays, as an admin (the owner alone).
    /// One transaction of two statements: the owner steps down only while the target is a
    /// member, and the target steps up only while still one (else nothing changes).
    static func transfer(_ id: String, to target: String, by user: UUID, on database: any Database) async throws {
        let seen = try await ClubAccess.member(id, user, as: [.owner], on: database)
        let clubID = try seen.club.requireID(), targetID = try memberID(target)
        guard targetID != user else { throw Refusal.invalid("you own the club already") }
        try await database.transaction { transaction in
            let down = try await transaction.sql.raw("""
                UPDATE club_memberships SET role = \(bind: ClubMembership.Role.admin.rawValue)
                WHERE club_id = \(bind: clubID) AND user_id = \(bind: user) AND status = \(bind: member)
                    AND role = \(bind: ClubMembership.Role.owner.rawValue)
                    AND EXISTS (SELECT 1 FROM club_memberships AS heir WHERE heir.club_id = \(bind: clubID)
                                AND heir.user_id = \(bind: targetID) AND heir.status = \(bind: member))
                RETURNING id
                """).all()
            let up = down.isEmpty ? [] : try await transaction.sql.raw("""
                UPDATE club_memberships SET role = \(bind: ClubMembership.Role.owner.rawValue)
                WHERE club_id = \(bind: clubID) AND user_id = \(bind: targetID) AND status = \(bind: member)
                RETURNING id
                """).all()
            if up.isEmpty { throw Refusal.notFound("member") }
        }
    }

    /// The club's and `target`'s ids, when `user` is one of its owner and admins.
    private static func managed(_ target: String, in id: String, by user: UUID,
                                on database: any Database) async throws -> (UUID, UUID) {
        let seen = try await ClubAccess.member(id, user, as: [.owner, .admin], on: database)
        let targetID = try memberID(target)
        guard targetID != user else { throw Refusal.invalid("that is you: leave the club instead") }
        guard try await User.find(targetID, on: database) != nil else { throw Refusal.notFound("user") }
        return (try seen.club.requireID(), targetID)
    }

    private static func memberID(_ id: String) throws -> UUID {
        guard let uuid = UUID(uuidString: id) else { throw Refusal.notFound("member") }
        return uuid
    }

    /// Why a statement on `target` changed nothing: 404 when they have no row to act on,
    /// 403 when the actor's role may not act on theirs.
    private static func whyNot(_ target: UUID, in club: UUID, on database: any Database) async throws -> Never {
        let row = try await ClubMembership.query(on: database).filter(\.$club.$id == club).filter(\.$user.$id == target).first()
        guard row != nil else { throw Refusal.notFound("member") }
        throw Refusal.forbidden("an admin may act on members, not on the owner or other admins; the owner on anyone but themselves")
    }
}
