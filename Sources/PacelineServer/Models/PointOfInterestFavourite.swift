import Fluent
import Foundation

/// A point of interest a user marked.
final class PointOfInterestFavourite: Model, @unchecked Sendable {
    static let schema = "poi_favourites"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Parent(key: "poi_id") var point: PointOfInterestRow
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}
