import Fluent
import Foundation
import PacelineAPI

/// What an event's creation or change says, checked before it is saved: a title of 1 to
/// 200 characters, a description of at most 2000, a start in the future and within 365
/// days (as `InvitationPlan`), a meeting point on Earth, a route its planner may see
/// (`RouteAccess`), and at most 6 pace groups of 150 to 1200 s/km. Each refusal is a 400
/// saying what was wrong (a route not to be seen, 404).
enum ClubEventPlan {
    static let maximumPaceGroups = 6
    static let paces = 150...1200

    /// A new event of club `club`, planned by `planner`.
    static func event(_ creation: Components.Schemas.ClubEventCreation, club: UUID, by planner: UUID, now: Date = Date(),
                      on database: any Database) async throws -> ClubEvent {
        let event = ClubEvent()
        event.$club.id = club
        event.title = try title(creation.title)
        event.description = try TextInput.checked(creation.description ?? "", "description", .description)
        event.startsAt = try start(creation.startsAt, now: now)
        try place(creation.place, of: event)
        event.routeID = try await route(creation.routeId, by: planner, on: database)
        event.paceGroups = try paceGroups(creation.paceGroups ?? [])
        return event
    }

    /// Applies the fields `update` gives to `event`, checked as a creation's.
    static func apply(_ update: Components.Schemas.ClubEventUpdate, to event: ClubEvent, by planner: UUID, now: Date = Date(),
                      on database: any Database) async throws {
        if let title = update.title { event.title = try Self.title(title) }
        if let description = update.description { event.description = try TextInput.checked(description, "description", .description) }
        if let startsAt = update.startsAt { event.startsAt = try start(startsAt, now: now) }
        if let place = update.place { try Self.place(place, of: event) }
        if let routeID = update.routeId { event.routeID = try await route(routeID, by: planner, on: database) }
        if let paces = update.paceGroups { event.paceGroups = try paceGroups(paces) }
    }

    private static func title(_ text: String) throws -> String {
        let title = try TextInput.checked(text, "title", .name).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw Refusal.invalid("`title` must not be empty") }
        return title
    }

    private static func start(_ date: Date, now: Date) throws -> Date {
        guard date > now else { throw Refusal.invalid("`startsAt` must be in the future") }
        guard date <= now.addingTimeInterval(InvitationPlan.maximumLead) else {
            throw Refusal.invalid("`startsAt` must be at most 365 days ahead")
        }
        return date
    }

    private static func place(_ place: Components.Schemas.Place, of event: ClubEvent) throws {
        guard place.latitude.isFinite, (-90...90).contains(place.latitude),
              place.longitude.isFinite, (-180...180).contains(place.longitude) else {
            throw Refusal.invalid("the place needs a latitude of -90 to 90 and a longitude of -180 to 180 degrees")
        }
        event.latitude = place.latitude
        event.longitude = place.longitude
        let name = try TextInput.checked(place.name, "place.name", .name)?.trimmingCharacters(in: .whitespacesAndNewlines)
        event.placeName = name?.isEmpty == false ? name : nil
    }

    private static func route(_ id: String?, by planner: UUID, on database: any Database) async throws -> UUID? {
        guard let id else { return nil }
        return try await RouteAccess.visibleRoute(id, to: planner, on: database).requireID()
    }

    private static func paceGroups(_ paces: [Int]) throws -> String {
        guard paces.count <= maximumPaceGroups else { throw Refusal.invalid("at most \(maximumPaceGroups) pace groups") }
        guard paces.allSatisfy(Self.paces.contains) else {
            throw Refusal.invalid("each pace group's pace must be \(Self.paces.lowerBound) to \(Self.paces.upperBound) seconds per km")
        }
        return paces.map(String.init).joined(separator: ",")
    }
}
