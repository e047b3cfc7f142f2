import Foundation

/// The id of one kind of thing: a run's and a user's are different types, so a function
/// that takes both (a runner's place on a route, a user's discovery of a point) can't be
/// handed them the wrong way round. `uuid` is what the database keeps.
///
/// ```swift
/// try await Leaderboard.rank(of: UserID(runnerID), on: RouteID(routeID), on: database)
/// ```
struct Identifier<Thing>: Hashable, Sendable, CustomStringConvertible {
    let uuid: UUID

    init(_ uuid: UUID) { self.uuid = uuid }

    var description: String { uuid.uuidString }
}

typealias UserID = Identifier<User>
typealias RunID = Identifier<Run>
typealias RouteID = Identifier<Route>
typealias SegmentID = Identifier<Segment>
typealias InvitationID = Identifier<Invitation>
typealias LiveSessionID = Identifier<LiveSession>
typealias LiveMemberID = Identifier<LiveMember>
typealias LiveSocketLeaseID = Identifier<LiveSocketLease>
typealias PointOfInterestID = Identifier<PointOfInterestRow>
