import Fluent
import Foundation
import PacelineCore

/// A route a user planned on the map (`PlannedRouteBook`): the waypoints they put, the
/// line the server measured through them, and its numbers. Private unless they chose
/// otherwise.
package final class PlannedRoute: Model, @unchecked Sendable {
    package static let schema = "planned_routes"

    /// A waypoint as kept: its place, and whether the leg arriving at it follows the ways.
    struct Waypoint: Codable, Sendable, Hashable {
        var latitude: Double
        var longitude: Double
        var snap: Bool
    }

    @ID(key: .id) package var id: UUID?
    @Parent(key: "planner_id") var planner: User
    @Field(key: "name") var name: String
    @Field(key: "privacy") var privacy: Privacy
    @Field(key: "mode") var mode: TravelMode
    @Field(key: "distance_m") var distanceMeters: Double
    @OptionalField(key: "ascent_m") var ascentMeters: Double?
    @OptionalField(key: "descent_m") var descentMeters: Double?
    @JSONText(key: "waypoints", absent: []) var waypoints: [Waypoint]
    /// The line (`LineCoding`).
    @Field(key: "line") var line: Data
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    package init() {}
}
