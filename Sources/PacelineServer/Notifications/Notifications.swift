import Fluent
import Foundation
import PacelineAPI
import SQLKit

/// What users are told: a friend request or its acceptance, an invitation and its live
/// session opening, kudos, a comment, a mention, a friend's record, a reminder to go out, a club event changed, a club challenge's results. One notification per recipient, kind, actor and subject, however
/// often the actor does it (a unique index); never for what one did oneself, nor from a
/// user the recipient blocked. Read newest first, a page at a time, with the unread count
/// the app's bell (and its icon's badge) shows.
enum Notifications {
    /// What a notification is about, beside its actor.
    struct About: Sendable {
        var run: UUID?
        var invitation: UUID?
        var comment: UUID?
        var club: UUID?
        /// A club event changed or cancelled: each change is told anew (the subject holds its second).
        var event: UUID?
        /// A club challenge's results (with its club).
        var challenge: UUID?
        /// The start of the comment, the invitation's or event's title, or the club's name.
        var excerpt: String?

        static let nothing = About()
    }

    /// The longest excerpt kept: the start of a comment, as a list shows it.
    static let excerptCharacters = 140

    /// Tells `user` that `actor` did `kind` (`about` what). Telling again changes nothing;
    /// one's own doings are not told, but for a reminder and a challenge's result (whose actor is the user).
    /// - Complexity: one insert, and one lookup on the blocks' unique index.
    static func tell(_ user: UUID, _ kind: Components.Schemas.NotificationKind, by actor: UUID, about: About = .nothing,
                     on database: any Database) async throws {
        guard user != actor || kind == .idleReminder || kind == .challengeResult, try await !Blocks.isBlocked(actor, by: user, on: database) else { return }
        let subject = about.event.map { "\($0.uuidString)@\(Int(Date().timeIntervalSince1970))" }
            ?? (about.comment ?? about.invitation ?? about.challenge ?? about.club ?? about.run ?? actor).uuidString
        try await database.sql.insert(into: NotificationRow.schema)
            .columns("id", "user_id", "kind", "actor_id", "subject", "run_id", "invitation_id", "comment_id", "club_id", "challenge_id",
                     "excerpt", "created_at", "push_state")
            .values(SQLBind(UUID()), SQLBind(user), SQLBind(kind.rawValue), SQLBind(actor), SQLBind(subject), SQLBind(about.run),
                    SQLBind(about.invitation), SQLBind(about.comment), SQLBind(about.club), SQLBind(about.challenge),
                    SQLBind(about.excerpt.map { TextInput.storable($0, .init(characters: excerptCharacters)) }), SQLBind(Date()),
                    SQLBind(PushDelivery.pending))
            .ignoringConflicts(with: ["user_id", "kind", "actor_id", "subject"])
            .run()
    }

    /// One page of `user`'s notifications, newest first, after the `cursor` of the previous page.
    /// - Complexity: three queries: the page (on the user's index by time), its activities'
    ///   names, and the unread count.
    static func page(of user: UUID, cursor: String?, limit: Int, on database: any Database) async throws -> Components.Schemas.NotificationPage {
        var query = NotificationRow.query(on: database).filter(\.$user.$id == user).with(\.$actor)
            .sort(\.$createdAt, .descending).sort(\.$id, .descending).limit(limit + 1)
        if let cursor {
            query = query.filter(Paging.after(try Paging.decode(cursor), table: NotificationRow.schema, timeColumn: "created_at"))
        }
        let (rows, next) = try Paging.page(try await query.all(), limit: limit) { row in
            try row.createdAt.map { Paging.encode(time: $0, id: try row.requireID()) }
        }
        let runIDs = Array(Set(rows.compactMap(\.$run.id)))
        let names = runIDs.isEmpty ? [:] : Dictionary(uniqueKeysWithValues: try await Run.query(on: database)
            .filter(\.$id ~~ runIDs).field(\.$id).field(\.$name).all().compactMap { run in run.id.map { ($0, run.name) } })
        return .init(
            notifications: rows.map { row in
                .init(id: row.id?.apiID ?? "", kind: row.kind, actor: row.actor.summary, runId: row.$run.id?.apiID,
                      runName: row.$run.id.flatMap { names[$0] ?? nil }, invitationId: row.$invitation.id?.apiID, clubId: row.clubID?.apiID,
                      challengeId: row.challengeID?.apiID,
                      excerpt: row.excerpt, createdAt: row.createdAt ?? Date(), read: row.readAt != nil)
            },
            unread: try await unread(of: user, on: database), nextCursor: next)
    }

    /// How many of `user`'s notifications are unread.
    /// - Complexity: one count on the user's index by read time.
    static func unread(of user: UUID, on database: any Database) async throws -> Int {
        try await NotificationRow.query(on: database).filter(\.$user.$id == user).filter(\.$readAt == nil).count()
    }

    /// Marks `user`'s notification `id` read, or all of them when `id` is nil (400 for no
    /// notification id; someone else's changes nothing), and answers how many are unread.
    static func markRead(_ id: String?, of user: UUID, on database: any Database) async throws -> Int {
        var query = NotificationRow.query(on: database).filter(\.$user.$id == user).filter(\.$readAt == nil)
        if let id {
            guard let uuid = UUID(uuidString: id) else { throw Refusal.invalid("`id` is not a notification id") }
            query = query.filter(\.$id == uuid)
        }
        try await query.set(\.$readAt, to: Date()).update()
        return try await unread(of: user, on: database)
    }

    /// Removes the notifications about club `club` (it was deleted).
    static func remove(aboutClub club: UUID, on database: any Database) async throws {
        try await NotificationRow.query(on: database).filter(\.$clubID == club).delete()
    }

    /// Removes the notifications about run `run` (it was deleted).
    static func remove(about run: RunID, on database: any Database) async throws {
        try await NotificationRow.query(on: database).filter(\.$run.$id == run.uuid).delete()
    }
}
