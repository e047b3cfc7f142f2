import Fluent
import Foundation
import PacelineCore

/// A live safety link: while its owner records an activity, whoever holds its secret
/// address sees where they are, the way so far, their pace and when it last heard from
/// them; until the owner ends it (at the activity's end, or by revoking it) or it expires.
final class Beacon: Model, @unchecked Sendable {
    static let schema = "beacons"

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    /// Hex SHA-256 of the secret in the address; the secret itself is never kept.
    @Field(key: "token_hash") var tokenHash: String
    @Field(key: "sport") var sport: Sport
    /// Whether its viewers see inside the owner's privacy zones too (a person meeting
    /// them at home); by default the zones apply.
    @Field(key: "shows_zones") var showsZones: Bool
    @Field(key: "expires_at") var expiresAt: Date
    @OptionalField(key: "ended_at") var endedAt: Date?
    /// The way so far as an encoded polyline (`HeatLine.encode`), fix by fix.
    @Field(key: "points") var points: String
    @Field(key: "point_count") var pointCount: Int
    @Field(key: "distance_m") var distanceMeters: Double
    @OptionalField(key: "first_time") var firstTime: Date?
    @OptionalField(key: "last_time") var lastTime: Date?
    @OptionalField(key: "last_lat") var lastLatitude: Double?
    @OptionalField(key: "last_lon") var lastLongitude: Double?
    /// Metres per second over the last fixes sent (the most recent minute or so).
    @OptionalField(key: "current_speed") var currentSpeed: Double?
    /// The stretch of the way its viewers may be told of: from the first fix outside the
    /// owner's privacy zones (every fix when the link shows them) to the last, each end's
    /// time and `distanceMeters` there. Nil times until a fix is seen.
    @OptionalField(key: "seen_from_time") var seenFromTime: Date?
    @OptionalField(key: "seen_to_time") var seenToTime: Date?
    @Field(key: "seen_from_m") var seenFromMeters: Double
    @Field(key: "seen_to_m") var seenToMeters: Double
    /// When the runner paused their recording (their phone's clock); nil while they move.
    @OptionalField(key: "paused_at") var pausedAt: Date?
    /// Seconds the runner was paused within the seen stretch, left out of its time.
    @Field(key: "paused_s") var pausedSeconds: Double
    /// The minute its sends are counted in, and how many it has had (`BeaconBook.sendsPerMinute`).
    @OptionalField(key: "window_start") var windowStart: Date?
    @Field(key: "window_sends") var windowSends: Int
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}
