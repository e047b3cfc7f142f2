import Fluent
import Foundation
import PacelineCore

/// One recorded activity of one user: the compact track and the statistics the server
/// computed from it (in columns, for listing and statistics without decoding tracks).
package final class Run: Model, @unchecked Sendable {
    package static let schema = "runs"

    @ID(key: .id) package var id: UUID?
    @Parent(key: "owner_id") var owner: User
    @OptionalField(key: "name") var name: String?
    @Field(key: "sport") var sport: Sport
    @Field(key: "privacy") var privacy: Privacy
    /// Where it came from: a device's file, the app's recording, or a live race or follow.
    @Field(key: "format") var format: RunOrigin
    @OptionalField(key: "idempotency_key") var idempotencyKey: String?
    @OptionalField(key: "start_time") var startTime: Date?
    @OptionalField(key: "end_time") var endTime: Date?
    @Field(key: "points") var points: Int
    @Field(key: "distance_m") var distanceMeters: Double
    /// The part of `distanceMeters` that counts: statistics, records, badges, points,
    /// missions (`CreditedDistance`, computed when the run is stored).
    @Field(key: "credited_distance_m") var creditedDistanceMeters: Double
    /// Metres measured along the positions, beside `distanceMeters` when that is the device's count.
    @OptionalField(key: "gps_distance_m") var gpsDistanceMeters: Double?
    /// What the runner wrote about the run.
    @OptionalField(key: "description") var description: String?
    /// Recorded metres covered faster than the sport's maximum speed: not credited.
    @Field(key: "too_fast_m") var tooFastMeters: Double
    /// Recorded metres where the track's times can't be trusted: not credited.
    @Field(key: "untimed_m") var untimedMeters: Double
    @Field(key: "elapsed_s") var elapsedSeconds: Double
    @Field(key: "moving_s") var movingSeconds: Double
    @Field(key: "ascent_m") var ascentMeters: Double
    @Field(key: "descent_m") var descentMeters: Double
    @OptionalField(key: "max_speed") var maxSpeed: Double?
    @OptionalField(key: "average_pace") var averagePace: Double?
    @Field(key: "calories") var calories: Double
    @JSONText(key: "splits", absent: []) var splits: [Split]
    /// The fastest time over each record distance the run covered (`efforts`: those that are finite).
    @JSONText(key: "best_efforts", absent: []) var bestEfforts: [BestEffort]
    @OptionalField(key: "start_lat") var startLatitude: Double?
    @OptionalField(key: "start_lon") var startLongitude: Double?
    /// `CompactTrack` blob.
    @Field(key: "track") var track: Data
    /// Heart rate, cadence and power, measured with the rest, so showing a run never reads
    /// its track; nil for a run stored before they were measured.
    @JSONText(key: "sensors") var sensors: SensorSummary?
    @OptionalParent(key: "route_id") var route: Route?
    /// How hard it was, TRIMP (`TrainingLoad`), and what it was measured from; nil when neither heart rate nor pace gives one.
    @OptionalField(key: "training_load") var trainingLoad: Double?
    @OptionalField(key: "training_load_source") var trainingLoadSource: TrainingLoad.Source?
    /// Set when its owner's physiology changed since the load was measured (`TrainingLoadUpdating`).
    @OptionalField(key: "training_load_outdated") var trainingLoadOutdated: Bool?
    /// The record distances over which it was its owner's fastest when recorded (`NewRecords`).
    @JSONText(key: "new_records") var newRecords: [Double]?
    /// The track as the owner's heat map draws it (`HeatLine`), a polyline a segment; nil for a virtual run.
    @JSONText(key: "heat_lines") var heatLines: [String]?
    /// The owner's gear the activity was done in.
    @OptionalField(key: "gear_id") var gearID: UUID?
    /// Which rules measured it (`AnalysisRules.version`): older ones are measured again.
    @Field(key: "analysis_version") package var analysisVersion: Int
    /// Ridden or run in a virtual world (`Activity.isVirtual`): no route, segment or heat-map line.
    @Field(key: "is_virtual") package var isVirtual: Bool
    /// Walks, hikes and runs with cadence: steps, and whether estimated from distance (`StepCount`).
    @OptionalField(key: "steps") var steps: Int?
    @OptionalField(key: "steps_estimated") var stepsEstimated: Bool?
    /// The file it was made from, kept as its owner sent it (`Original`); nil for a run
    /// stored before originals were kept, and for a deleted one.
    @OptionalField(key: "original_id") var originalID: UUID?
    /// Which activity of its original it is, from 0 (`ActivityReader.readAll`'s order):
    /// a file of several makes one run each.
    @OptionalField(key: "original_activity") var originalActivity: Int?
    /// The UTC offset where the run started, seconds east, if the client said.
    @OptionalField(key: "utc_offset_s") var utcOffsetSeconds: Int?
    /// Set when the owner switched comments off (nil or false: others may comment).
    @OptionalField(key: "comments_closed") var commentsClosed: Bool?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?
    @Timestamp(key: "deleted_at", on: .delete) var deletedAt: Date?

    package init() {}
}
