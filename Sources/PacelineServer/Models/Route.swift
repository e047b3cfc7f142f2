import Fluent
import Foundation
import PacelineCore

/// A path others can follow, made from one run (whose pace is the default to follow).
package final class Route: Model, @unchecked Sendable {
    package static let schema = "routes"

    @ID(key: .id) package var id: UUID?
    @Parent(key: "creator_id") package var creator: User
    /// The run the route was made from.
    @Parent(key: "run_id") package var run: Run
    @Field(key: "name") package var name: String
    @Field(key: "privacy") package var privacy: Privacy
    @Field(key: "distance_m") package var distanceMeters: Double
    @Field(key: "start_lat") package var startLatitude: Double
    @Field(key: "start_lon") package var startLongitude: Double
    @Field(key: "end_lat") package var endLatitude: Double
    @Field(key: "end_lon") package var endLongitude: Double
    /// The start's cell on the grid's finest layer, for answering zoomed-in viewports.
    @Field(key: "cell_x") var cellX: Int
    @Field(key: "cell_y") var cellY: Int
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?
    @Timestamp(key: "deleted_at", on: .delete) var deletedAt: Date?

    package init() {}
}
