import Fluent
import Foundation
import PacelineAPI
import PacelineCore
import SQLKit

/// "Ran together": after an event has started, the activities of the club's members that
/// began within 30 minutes of its time and 500 m of its meeting point, those the viewer may
/// see (`Privacy`'s rule in SQL). A start the viewer may not see (in its owner's privacy
/// zone) never places an activity here, so nobody learns that it lies near the meeting point.
enum ClubEventRuns {
    /// How far from the event's time an activity may start.
    static let window: TimeInterval = 30 * 60
    /// How far from the meeting point an activity may start, metres.
    static let radius = 500.0
    /// The most activities shown.
    static let maximum = 200

    /// The activities that ran together at event `id`, earliest start first (members only, as the club's feed).
    /// - Complexity: one query on the runs' start time, narrowed by a box around the
    ///   meeting point in SQL and the exact distance in Swift; members and privacy by subquery.
    static func runs(of id: String, in clubID: String, seenBy viewer: UUID, now: Date = Date(),
                     on database: any Database) async throws -> Components.Schemas.ClubEventRuns {
        let club = try await ClubAccess.member(clubID, viewer, on: database).club.requireID()
        let event = try await ClubEventBook.found(id, in: club, on: database)
        guard event.cancelledAt == nil, event.startsAt <= now else { return .init(runs: []) }
        let members: SQLQueryString = """
            runs.owner_id IN (SELECT user_id FROM club_memberships WHERE club_id = \(bind: club)
                              AND status = \(bind: ClubMembership.Status.member.rawValue))
            """
        let visible = Privacy.condition(viewer: viewer, owner: SQLColumn("owner_id", table: "runs"),
                                        privacy: SQLColumn("privacy", table: "runs"))
        let latitudeSpan = radius / 111_000
        let longitudeSpan = min(180, latitudeSpan / max(0.01, cos(event.latitude * .pi / 180)))
        let runs = try await Run.query(on: database).withoutTrack().with(\.$owner)
            .filter(\.$startTime >= event.startsAt.addingTimeInterval(-window))
            .filter(\.$startTime <= event.startsAt.addingTimeInterval(window))
            .filter(\.$startLatitude >= event.latitude - latitudeSpan).filter(\.$startLatitude <= event.latitude + latitudeSpan)
            .filter(\.$startLongitude >= event.longitude - longitudeSpan).filter(\.$startLongitude <= event.longitude + longitudeSpan)
            .filter(.sql(embed: members)).filter(.sql(embed: visible))
            .sort(\.$startTime).sort(\.$id).limit(maximum).all()
        let meeting = Coordinate(latitude: event.latitude, longitude: event.longitude)
        var together: [Components.Schemas.Run] = []
        for run in runs {
            let shown = run.schema(seenBy: viewer)
            guard let start = shown.start,
                  Geodesy.distance(meeting, Coordinate(latitude: start.latitude, longitude: start.longitude)) <= radius
            else { continue }
            together.append(shown)
        }
        return .init(runs: together)
    }
}
