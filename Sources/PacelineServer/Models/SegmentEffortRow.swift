import Fluent
import Foundation

/// One pass of a run over a segment (`SegmentEffort` in the core), with when it started.
final class SegmentEffortRow: Model, @unchecked Sendable {
    static let schema = "segment_efforts"

    @ID(key: .id) var id: UUID?
    @Parent(key: "segment_id") var segment: Segment
    @Parent(key: "run_id") var run: Run
    @Parent(key: "runner_id") var runner: User
    @Field(key: "elapsed_s") var elapsedSeconds: Double
    @Field(key: "start_elapsed_s") var startElapsedSeconds: Double
    @Field(key: "start_distance_m") var startDistanceMeters: Double
    @Field(key: "end_distance_m") var endDistanceMeters: Double
    /// Seconds of `elapsedSeconds` the recording was paused (`SegmentEffort.pausedSeconds`).
    @Field(key: "paused_s") var pausedSeconds: Double
    /// When the effort started: the run's start plus `startElapsedSeconds`.
    @Field(key: "started_at") var startedAt: Date

    init() {}
}
