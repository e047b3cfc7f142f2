import Fluent
import Foundation

/// A point of interest imported from a data set (`paceline poi import`), one row per
/// (`source`, `source_id`): importing again updates it.
final class PointOfInterestRow: Model, @unchecked Sendable {
    static let schema = "pois"

    @ID(key: .id) var id: UUID?
    @Field(key: "source") var source: String
    @Field(key: "source_id") var sourceID: String
    @Field(key: "title") var title: String
    @OptionalField(key: "inscription") var inscription: String?
    /// Indexed with `longitude` (`pois_position`): a box query is a range scan.
    @Field(key: "latitude") var latitude: Double
    @Field(key: "longitude") var longitude: Double
    /// JSON `[{name, wikipediaURL?}]`.
    @Field(key: "subjects") var subjects: String
    @OptionalField(key: "erected_year") var erectedYear: Int?
    @OptionalField(key: "photo_url") var photoURL: String?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}
}

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

/// A point of interest a user marked.
final class PointOfInterestFavourite: Model, @unchecked Sendable {
    static let schema = "poi_favourites"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Parent(key: "poi_id") var point: PointOfInterestRow
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}

/// A user's like of a route.
final class RouteLike: Model, @unchecked Sendable {
    static let schema = "route_likes"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Parent(key: "route_id") var route: Route
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}
