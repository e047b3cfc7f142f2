import Fluent
import Foundation
import SQLKit

/// A user's private calendar feed: an address with a secret, read without signing in (a
/// calendar app subscribes to it), listing the upcoming events of every club the user is a
/// member of, but those they said they would not go to. Whoever holds the address reads it,
/// so it is shown to its user alone, and renewing it voids the old one.
enum ClubCalendarFeed {
    /// The most events a feed lists, soonest first.
    static let maximumEvents = 500

    /// `user`'s feed secret, made on first ask.
    static func secret(of user: UUID, on database: any Database) async throws -> String {
        if let feed = try await CalendarFeed.query(on: database).filter(\.$user.$id == user).first() { return feed.secret }
        try await database.sql.insert(into: CalendarFeed.schema).columns("id", "user_id", "secret", "created_at")
            .values(SQLBind(UUID()), SQLBind(user), SQLBind(TokenIssuer.newToken(prefix: "cf_")), SQLBind(Date()))
            .ignoringConflicts(with: ["user_id"]).run()
        guard let feed = try await CalendarFeed.query(on: database).filter(\.$user.$id == user).first() else {
            throw Refusal.conflict("the calendar feed could not be made; try again")
        }
        return feed.secret
    }

    /// Gives `user` a new feed secret, voiding the old address.
    static func renew(for user: UUID, on database: any Database) async throws -> String {
        _ = try await secret(of: user, on: database)
        try await CalendarFeed.query(on: database).filter(\.$user.$id == user)
            .set(\.$secret, to: TokenIssuer.newToken(prefix: "cf_")).update()
        return try await secret(of: user, on: database)
    }

    /// The feed whose address ends in `file` (`SECRET.ics`) as iCalendar text; 404 for any other.
    /// - Complexity: a lookup on the secret's unique index, one query of at most
    ///   `maximumEvents` events (the member's clubs and answers by subquery), one of their clubs.
    static func document(_ file: String, now: Date = Date(), on database: any Database) async throws -> String {
        guard file.hasSuffix(".ics"),
              let feed = try await CalendarFeed.query(on: database).filter(\.$secret == String(file.dropLast(4))).first()
        else { throw Refusal.notFound("calendar") }
        let user = feed.$user.id
        let clubs: SQLQueryString = """
            club_events.club_id IN (SELECT club_id FROM club_memberships WHERE user_id = \(bind: user)
                                    AND status = \(bind: ClubMembership.Status.member.rawValue))
            """
        let declined: SQLQueryString = """
            NOT EXISTS (SELECT 1 FROM club_event_answers AS declined WHERE declined.event_id = club_events.id
                        AND declined.user_id = \(bind: user) AND declined.answer = \(bind: ClubEventAnswer.Answer.no.rawValue))
            """
        let events = try await ClubEvent.query(on: database).filter(\.$startsAt > now)
            .filter(.sql(embed: clubs)).filter(.sql(embed: declined))
            .sort(\.$startsAt).sort(\.$id).limit(maximumEvents).all()
        return ClubEventCalendar.document(events, clubNames: try await names(of: events, on: database),
                                          name: "Paceline club events", now: now)
    }

    /// The names of `events`' clubs, by club id.
    static func names(of events: [ClubEvent], on database: any Database) async throws -> [UUID: String] {
        let clubs = try await Club.query(on: database).filter(\.$id ~~ Set(events.map(\.$club.id))).all()
        return Dictionary(uniqueKeysWithValues: clubs.compactMap { club in club.id.map { ($0, club.name) } })
    }
}
