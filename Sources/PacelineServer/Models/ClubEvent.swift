import Fluent
import Foundation

/// A club's event: a time and a meeting point, maybe a route to follow and pace groups.
/// Its owner and admins plan, change and cancel it; members answer (`ClubEventAnswer`).
/// It goes with its club; its route, if deleted, leaves it without one.
final class ClubEvent: Model, @unchecked Sendable {
    static let schema = "club_events"

    @ID(key: .id) var id: UUID?
    @Parent(key: "club_id") var club: Club
    @Field(key: "title") var title: String
    @Field(key: "description") var description: String
    @Field(key: "starts_at") var startsAt: Date
    @Field(key: "latitude") var latitude: Double
    @Field(key: "longitude") var longitude: Double
    @OptionalField(key: "place_name") var placeName: String?
    @OptionalField(key: "route_id") var routeID: UUID?
    /// The pace groups' paces in seconds per kilometre, comma-separated, slowest last ("" for none).
    @Field(key: "pace_groups") var paceGroups: String
    /// When it was cancelled; nil while it stands.
    @OptionalField(key: "cancelled_at") var cancelledAt: Date?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}

    /// `paceGroups` as numbers.
    var paces: [Int] { paceGroups.split(separator: ",").compactMap { Int($0) } }
}
