import Fluent
import Foundation
import PacelineAPI
import SQLKit

extension ClubBook {
    /// `user` joins the club `id` (open, or by invitation with its link's `secret`) or asks
    /// to (approval, with the secret), and the club as they now stand in it. One statement
    /// whose condition is the club's admission and secret, so a link renewed or an
    /// admission changed meanwhile lets nobody in; the unique index makes a second join
    /// change nothing. 404 for a wrong secret or an invitation-only club without one;
    /// 403 `banned` for a banned user.
    static func join(_ id: String, secret: String?, by user: UUID, on database: any Database) async throws -> Components.Schemas.Club {
        let seen = try await ClubAccess.seen(id, by: user, secret: secret, on: database)
        if seen.membership?.status == .banned { throw banned }
        let club = seen.club, clubID = try club.requireID()
        var admits: SQLQueryString = "clubs.admission = \(bind: Club.Admission.open.rawValue)"
        if club.admission != .open {
            guard let secret else { throw Refusal.notFound("club") }
            admits = "clubs.admission = \(bind: club.admission.rawValue) AND clubs.invitation_secret = \(bind: secret)"
        }
        let status: ClubMembership.Status = club.admission == .approval ? .requested : .member
        let now = Date()
        try await database.sql.raw("""
            INSERT INTO club_memberships (id, club_id, user_id, status, role, since)
            SELECT \(bind: UUID()), clubs.id, \(bind: user), \(bind: status.rawValue), \(bind: ClubMembership.Role.member.rawValue), \(bind: now)
            FROM clubs WHERE clubs.id = \(bind: clubID) AND \(admits)
            ON CONFLICT (club_id, user_id) DO UPDATE SET status = excluded.status, since = excluded.since
            WHERE club_memberships.status = \(bind: ClubMembership.Status.requested.rawValue) AND excluded.status = \(bind: ClubMembership.Status.member.rawValue)
            """).run()
        let after = try await ClubAccess.seen(id, by: user, secret: secret, on: database)
        if after.membership?.status == .banned { throw banned }
        guard after.membership != nil else { throw Refusal.notFound("club") }
        if after.membership?.status == .requested {
            try await tellManagers(of: club, that: user, asked: clubID, on: database)
        }
        return try await schema(of: after, on: database)
    }

    /// `user` leaves the club `id`, or withdraws their request to join. The owner must
    /// transfer ownership first (409 `owner_must_transfer`); 404 when not in it.
    static func leave(_ id: String, by user: UUID, on database: any Database) async throws {
        let seen = try await ClubAccess.seen(id, by: user, on: database)
        let clubID = try seen.club.requireID()
        let gone = try await database.sql.raw("""
            DELETE FROM club_memberships WHERE club_id = \(bind: clubID) AND user_id = \(bind: user)
                AND status IN (\(bind: ClubMembership.Status.member.rawValue), \(bind: ClubMembership.Status.requested.rawValue))
                AND role <> \(bind: ClubMembership.Role.owner.rawValue)
            RETURNING id
            """).all()
        guard gone.isEmpty else { return }
        if seen.role == .owner {
            throw Refusal(.conflict, code: "owner_must_transfer", message: "the owner leaves after making another member the owner")
        }
        throw Refusal.notFound("membership")
    }

    private static var banned: Refusal {
        Refusal(.forbidden, code: "banned", message: "you were banned from this club")
    }

    /// Tells the club's owner and admins that `user` asked to join (once per request: the
    /// unique index of notifications).
    private static func tellManagers(of club: Club, that user: UUID, asked clubID: UUID, on database: any Database) async throws {
        let managers = try await ClubMembership.query(on: database).filter(\.$club.$id == clubID)
            .filter(\.$status == .member).filter(\.$role ~~ [.owner, .admin]).all()
        for manager in managers {
            try await Notifications.tell(manager.$user.id, .clubRequest, by: user, about: .init(club: clubID, excerpt: club.name), on: database)
        }
    }
}
