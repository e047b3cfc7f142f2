import Fluent
import Foundation

/// A point of interest a run passed within the discovery radius of. One row per run and
/// point; a user's discovery of a point is their earliest such row among runs not deleted.
final class DiscoveryRow: Model, @unchecked Sendable {
    static let schema = "poi_discoveries"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Parent(key: "run_id") var run: Run
    @Parent(key: "poi_id") var point: PointOfInterestRow
    @Field(key: "discovered_at") var discoveredAt: Date
    @Field(key: "distance_m") var distanceMeters: Double

    init() {}
}
