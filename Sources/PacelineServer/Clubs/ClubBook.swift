import Fluent
import Foundation
import PacelineAPI
import SQLKit

/// Clubs: making one, reading it as the viewer may (`ClubAccess`), changing, renewing its
/// invitation link and deleting it. Joining and leaving are in `ClubBook+Joining`, what
/// admins do to members in `ClubBook+Members`.
///
/// Every rule on roles is checked in the statement that acts on it (`ClubRules`), and every
/// "one of" is a unique index: one membership per club and user, one owner per club.
enum ClubBook {
    /// Makes a club whose owner `user` is.
    static func create(name: String, description: String, admission: Club.Admission, by user: UUID,
                       on database: any Database) async throws -> Components.Schemas.Club {
        let club = Club(name: try checkedName(name), description: description, admission: admission,
                        invitationSecret: ClubSecret.make())
        try await database.transaction { transaction in
            try await club.create(on: transaction)
            let owner = ClubMembership()
            owner.$club.id = try club.requireID()
            owner.$user.id = user
            owner.status = .member
            owner.role = .owner
            owner.since = Date()
            try await owner.create(on: transaction)
        }
        return try await Self.club(club.requireID().uuidString, seenBy: user, on: database)
    }

    /// The club `id` as `viewer` may see it (`ClubAccess.seen`).
    static func club(_ id: String, seenBy viewer: UUID, secret: String? = nil,
                     on database: any Database) async throws -> Components.Schemas.Club {
        let seen = try await ClubAccess.seen(id, by: viewer, secret: secret, on: database)
        return try await schema(of: seen, on: database)
    }

    /// Changes the fields given (owner and admins).
    static func update(_ id: String, name: String?, description: String?, admission: Club.Admission?, by user: UUID,
                       on database: any Database) async throws -> Components.Schemas.Club {
        let seen = try await ClubAccess.member(id, user, as: [.owner, .admin], on: database)
        let clubID = try seen.club.requireID()
        var changes: [SQLQueryString] = []
        if let name { changes.append("name = \(bind: try checkedName(name)), search_name = \(bind: SearchName.of(name))") }
        if let description { changes.append("description = \(bind: description)") }
        if let admission { changes.append("admission = \(bind: admission.rawValue)") }
        if !changes.isEmpty {
            try await database.sql.raw("""
                UPDATE clubs SET \(SQLList(changes)) WHERE id = \(bind: clubID) AND \(ClubRules.holds(user, [.owner, .admin], in: clubID))
                """).run()
        }
        return try await club(id, seenBy: user, on: database)
    }

    /// Gives the club a new invitation secret, voiding the old link (owner and admins).
    static func renewInvitation(_ id: String, by user: UUID, on database: any Database) async throws -> Components.Schemas.Club {
        let clubID = try await ClubAccess.member(id, user, as: [.owner, .admin], on: database).club.requireID()
        try await database.sql.raw("""
            UPDATE clubs SET invitation_secret = \(bind: ClubSecret.make())
            WHERE id = \(bind: clubID) AND \(ClubRules.holds(user, [.owner, .admin], in: clubID))
            """).run()
        return try await club(id, seenBy: user, on: database)
    }

    /// Deletes the club and its memberships (the owner alone).
    static func delete(_ id: String, by user: UUID, on database: any Database) async throws {
        let clubID = try await ClubAccess.member(id, user, as: [.owner], on: database).club.requireID()
        try await database.transaction { transaction in
            let gone = try await transaction.sql.raw("""
                DELETE FROM clubs WHERE id = \(bind: clubID) AND \(ClubRules.holds(user, [.owner], in: clubID)) RETURNING id
                """).all()
            guard !gone.isEmpty else { throw Refusal.forbidden("only the club's owner may delete it") }
            try await ClubMembership.query(on: transaction).filter(\.$club.$id == clubID).delete()
            try await Report.query(on: transaction).filter(\.$clubID == clubID).delete()
            try await Notifications.remove(aboutClub: clubID, on: transaction)
        }
    }

    /// `seen` as the API shows it to its viewer: the secret to the owner and admins alone.
    static func schema(of seen: ClubAccess.Seen, on database: any Database) async throws -> Components.Schemas.Club {
        let clubID = try seen.club.requireID()
        let count = try await ClubMembership.query(on: database).filter(\.$club.$id == clubID)
            .filter(\.$status == .member).count()
        let manages = seen.role == .owner || seen.role == .admin
        return .init(id: clubID.apiID, name: seen.club.name, description: seen.club.description,
                     admission: seen.club.admission.schema, memberCount: count,
                     membership: seen.membership?.status.schema, role: seen.role?.schema,
                     invitationSecret: manages ? seen.club.invitationSecret : nil)
    }

    /// A club's name: 1 to 80 characters, not only spaces; 400 otherwise.
    static func checkedName(_ name: String) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw Refusal.invalid("`name` must not be empty") }
        return try TextInput.checked(trimmed, "name", .clubName)
    }
}
