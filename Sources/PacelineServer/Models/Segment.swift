import Fluent
import Foundation
import PacelineCore

/// A stretch of road or trail a user named, made from one of their activities: every
/// activity that passes it forward gets an effort on it (`SegmentEffortRow`).
final class Segment: Model, @unchecked Sendable {
    static let schema = "segments"

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    @Field(key: "name") var name: String
    @Field(key: "sport") var sport: Sport
    @Field(key: "privacy") var privacy: Privacy
    @Field(key: "distance_m") var distanceMeters: Double
    @Field(key: "start_lat") var startLatitude: Double
    @Field(key: "start_lon") var startLongitude: Double
    @Field(key: "end_lat") var endLatitude: Double
    @Field(key: "end_lon") var endLongitude: Double
    /// `SegmentCell.key` of the start and of the end: what a run's matching looks segments up by.
    @Field(key: "start_cell") var startCell: Int64
    @Field(key: "end_cell") var endCell: Int64
    /// The way (`SegmentPath.points`) as an encoded polyline (`HeatLine.encode`, about a
    /// metre): a few bytes a point, and quick to read back for matching.
    @Field(key: "points") var points: String
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}
