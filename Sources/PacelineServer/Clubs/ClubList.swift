import Fluent
import Foundation
import PacelineAPI
import SQLKit

/// Lists of clubs and of a club's people, by name (folded, as search orders them), a page
/// at a time with keyed cursors (`Paging.encode(key:id:)`).
enum ClubList {
    /// The clubs `user` is a member of or asked to join.
    /// - Complexity: one query over the user's memberships (`club_memberships_user`), with each club's count.
    static func mine(_ user: UUID, cursor: String?, limit: Int, on database: any Database) async throws -> Components.Schemas.ClubPage {
        let statuses: SQLQueryString = "(\(bind: ClubMembership.Status.member.rawValue), \(bind: ClubMembership.Status.requested.rawValue))"
        return try await page(where: "mine.status IN \(statuses)", viewer: user, cursor: cursor, limit: limit, on: database)
    }

    /// Open clubs whose folded name holds `name`'s; 400 for an empty name.
    static func search(_ name: String, seenBy user: UUID, cursor: String?, limit: Int,
                       on database: any Database) async throws -> Components.Schemas.ClubPage {
        guard !name.isEmpty else { throw Refusal.invalid("`name` must not be empty") }
        let condition: SQLQueryString = """
            clubs.admission = \(bind: Club.Admission.open.rawValue) AND clubs.search_name LIKE \(bind: SearchName.containing(name)) ESCAPE '\\'
            """
        return try await page(where: condition, viewer: user, cursor: cursor, limit: limit, on: database)
    }

    private static func page(where condition: SQLQueryString, viewer: UUID, cursor: String?, limit: Int,
                             on database: any Database) async throws -> Components.Schemas.ClubPage {
        var after: SQLQueryString = ""
        if let cursor {
            let (key, id) = try Paging.decodeKeyed(cursor)
            after = "AND (clubs.search_name > \(bind: key) OR (clubs.search_name = \(bind: key) AND clubs.id > \(bind: id)))"
        }
        let rows = try await database.sql.raw("""
            SELECT clubs.id, clubs.name, clubs.search_name, clubs.description, clubs.admission, clubs.invitation_secret,
                mine.status, mine.role,
                (SELECT COUNT(*) FROM club_memberships AS counted WHERE counted.club_id = clubs.id
                    AND counted.status = \(bind: ClubMembership.Status.member.rawValue)) AS members
            FROM clubs LEFT JOIN club_memberships AS mine ON mine.club_id = clubs.id AND mine.user_id = \(bind: viewer)
            WHERE \(condition) AND clubs.hidden_at IS NULL \(after)
            ORDER BY clubs.search_name, clubs.id
            LIMIT \(literal: limit + 1)
            """).all()
        let (shown, next) = try Paging.page(rows, limit: limit) {
            Paging.encode(key: try $0.decode(column: "search_name", as: String.self), id: try $0.decode(column: "id", as: UUID.self))
        }
        return .init(clubs: try shown.map(club), nextCursor: next)
    }

    private static func club(_ row: any SQLRow) throws -> Components.Schemas.Club {
        let status = try row.decode(column: "status", as: ClubMembership.Status?.self)
        let role = status == .member ? try row.decode(column: "role", as: ClubMembership.Role?.self) : nil
        return .init(id: try row.decode(column: "id", as: UUID.self).apiID, name: try row.decode(column: "name", as: String.self),
                     description: try row.decode(column: "description", as: String.self),
                     admission: try row.decode(column: "admission", as: Club.Admission.self).schema,
                     memberCount: try row.decode(column: "members", as: Int.self),
                     membership: status?.schema, role: role?.schema,
                     invitationSecret: role == .owner || role == .admin ? try row.decode(column: "invitation_secret", as: String.self) : nil)
    }

    /// The people of club `id` with `status` (members for its members; requests and bans
    /// for its owner and admins), by name.
    static func people(of id: String, status: ClubMembership.Status, seenBy user: UUID, cursor: String?, limit: Int,
                       on database: any Database) async throws -> Components.Schemas.ClubMemberPage {
        let roles: [ClubMembership.Role]? = status == .member ? nil : [.owner, .admin]
        let clubID = try await ClubAccess.member(id, user, as: roles, on: database).club.requireID()
        var after: SQLQueryString = ""
        if let cursor {
            let (key, id) = try Paging.decodeKeyed(cursor)
            after = "AND (users.search_name > \(bind: key) OR (users.search_name = \(bind: key) AND users.id > \(bind: id)))"
        }
        let rows = try await database.sql.raw("""
            SELECT users.id, users.display_name, users.search_name, m.role, m.status, m.since
            FROM club_memberships AS m JOIN users ON users.id = m.user_id
            WHERE m.club_id = \(bind: clubID) AND m.status = \(bind: status.rawValue) \(after)
            ORDER BY users.search_name, users.id
            LIMIT \(literal: limit + 1)
            """).all()
        let (shown, next) = try Paging.page(rows, limit: limit) {
            Paging.encode(key: try $0.decode(column: "search_name", as: String.self), id: try $0.decode(column: "id", as: UUID.self))
        }
        return .init(members: try shown.map { row in
            .init(user: .init(id: try row.decode(column: "id", as: UUID.self).apiID,
                              displayName: try row.decode(column: "display_name", as: String.self)),
                  role: try row.decode(column: "role", as: ClubMembership.Role.self).schema,
                  status: try row.decode(column: "status", as: ClubMembership.Status.self).schema,
                  since: try row.decode(column: "since", as: Date.self))
        }, nextCursor: next)
    }
}
