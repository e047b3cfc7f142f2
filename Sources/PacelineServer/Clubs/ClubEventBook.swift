import Fluent
import Foundation
import PacelineAPI
import SQLKit

/// Club events: listed and read by whoever may see the club's page (`ClubAccess.seen`),
/// planned, changed and cancelled by its owner and admins (the rule in the statement,
/// `ClubRules`), answered by members (`ClubEventBook+Answers`). Those who said yes or
/// maybe are told of a change or a cancellation.
enum ClubEventBook {
    /// The club's events that have not started, soonest first (`.upcoming`), or those that
    /// have, the latest first (`.past`); at most `limit`, cancelled ones included.
    /// - Complexity: one query on the club's index by time (read backwards for the past), and two for the answers.
    static func list(_ when: Components.Schemas.ClubEventWhen, of clubID: String, seenBy viewer: UUID, limit: Int,
                     now: Date = Date(), on database: any Database) async throws -> Components.Schemas.ClubEventList {
        let club = try await ClubAccess.seen(clubID, by: viewer, on: database).club.requireID()
        let query = ClubEvent.query(on: database).filter(\.$club.$id == club)
        switch when {
        case .upcoming: query.filter(\.$startsAt > now).sort(\.$startsAt, .ascending).sort(\.$id, .ascending)
        case .past: query.filter(\.$startsAt <= now).sort(\.$startsAt, .descending).sort(\.$id, .descending)
        }
        let events = try await query.limit(limit).all()
        return .init(events: try await ClubEventView.schemas(of: events, seenBy: viewer, on: database))
    }

    /// One event, with who is going when the viewer is a member (the club's members are the members').
    static func event(_ id: String, of clubID: String, seenBy viewer: UUID,
                      on database: any Database) async throws -> Components.Schemas.ClubEvent {
        let seen = try await ClubAccess.seen(clubID, by: viewer, on: database)
        let event = try await found(id, in: try seen.club.requireID(), on: database)
        return try await ClubEventView.schema(of: event, seenBy: viewer, showingWhoGoes: seen.isMember, on: database)
    }

    /// Plans an event (owner and admins).
    static func create(in clubID: String, _ creation: Components.Schemas.ClubEventCreation, by user: UUID,
                       on database: any Database) async throws -> Components.Schemas.ClubEvent {
        let club = try await ClubAccess.member(clubID, user, as: [.owner, .admin], on: database).club.requireID()
        let event = try await ClubEventPlan.event(creation, club: club, by: user, on: database)
        try await event.create(on: database)
        return try await ClubEventView.schema(of: event, seenBy: user, on: database)
    }

    /// Changes the fields `update` gives of an event not cancelled (owner and admins), and
    /// tells those going or maybe going.
    static func update(_ id: String, of clubID: String, _ update: Components.Schemas.ClubEventUpdate, by user: UUID,
                       on database: any Database) async throws -> Components.Schemas.ClubEvent {
        let club = try await ClubAccess.member(clubID, user, as: [.owner, .admin], on: database).club.requireID()
        let event = try await found(id, in: club, on: database)
        guard event.cancelledAt == nil else { throw Refusal(.conflict, code: "event_cancelled", message: "the event is cancelled") }
        try await ClubEventPlan.apply(update, to: event, by: user, on: database)
        let changed = try await database.sql.update(ClubEvent.schema)
            .set("title", to: event.title).set("description", to: event.description).set("starts_at", to: event.startsAt)
            .set("latitude", to: event.latitude).set("longitude", to: event.longitude).set("place_name", to: event.placeName)
            .set("route_id", to: event.routeID).set("pace_groups", to: event.paceGroups).set("updated_at", to: Date())
            .where("id", .equal, try event.requireID()).where("cancelled_at", .is, SQLLiteral.null)
            .where(ClubRules.holds(user, [.owner, .admin], in: club))
            .returning("id").all()
        guard !changed.isEmpty else { throw Refusal.conflict("the event was cancelled, or your role changed, meanwhile") }
        try await tellAnswered(event, by: user, on: database)
        return try await ClubEventView.schema(of: event, seenBy: user, on: database)
    }

    /// Cancels an event (owner and admins), and tells those going or maybe going; again, nothing changes.
    static func cancel(_ id: String, of clubID: String, by user: UUID,
                       on database: any Database) async throws -> Components.Schemas.ClubEvent {
        let club = try await ClubAccess.member(clubID, user, as: [.owner, .admin], on: database).club.requireID()
        let event = try await found(id, in: club, on: database)
        let cancelled = try await database.sql.update(ClubEvent.schema).set("cancelled_at", to: Date())
            .where("id", .equal, try event.requireID()).where("cancelled_at", .is, SQLLiteral.null)
            .where(ClubRules.holds(user, [.owner, .admin], in: club))
            .returning("id").all()
        if !cancelled.isEmpty { try await tellAnswered(event, by: user, on: database) }
        return try await ClubEventView.schema(of: try await found(id, in: club, on: database), seenBy: user, on: database)
    }

    /// The event `id` of club `club`; 404 otherwise.
    static func found(_ id: String, in club: UUID, on database: any Database) async throws -> ClubEvent {
        guard let uuid = UUID(uuidString: id),
              let event = try await ClubEvent.query(on: database).filter(\.$id == uuid).filter(\.$club.$id == club).first()
        else { throw Refusal.notFound("event") }
        return event
    }

    /// Tells those who said yes or maybe to `event` that `actor` changed or cancelled it.
    private static func tellAnswered(_ event: ClubEvent, by actor: UUID, on database: any Database) async throws {
        let answered = try await ClubEventAnswer.query(on: database).filter(\.$event.$id == event.requireID())
            .filter(\.$answer ~~ [.yes, .maybe]).all()
        for answer in answered {
            try await Notifications.tell(answer.$user.id, .eventChanged, by: actor,
                                         about: .init(club: event.$club.id, event: try event.requireID(), excerpt: event.title), on: database)
        }
    }
}
