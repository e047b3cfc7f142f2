import Fluent
import Foundation

/// What one run credited to one journey. Unique per (journey, run): a run moves a
/// journey once, however often its upload is retried.
final class JourneyAdvanceRow: Model, @unchecked Sendable {
    static let schema = "mission_advances"

    @ID(key: .id) var id: UUID?
    @Parent(key: "journey_id") var journey: JourneyRow
    @Field(key: "run_id") var runID: UUID
    /// The run's verified distance: what it offered; the replay credits at most what is left.
    @Field(key: "verified_m") var verifiedMeters: Double
    /// The run's start and end: runs credited to a journey may not overlap in time.
    @Field(key: "run_start") var runStart: Date
    @Field(key: "run_end") var runEnd: Date
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}
