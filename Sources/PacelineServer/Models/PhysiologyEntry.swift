import Fluent
import Foundation
import PacelineCore

/// What a user said of their heart and pace from a day on (`PhysiologyHistory.Entry`):
/// each value nil where the entry does not say it.
final class PhysiologyEntry: Model, @unchecked Sendable {
    static let schema = "physiology_entries"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    /// The first day it applies, days since 1970-01-01 on the runner's calendar (`LocalDay`).
    @Field(key: "from_day") var fromDay: Int
    @OptionalField(key: "resting_hr") var restingHeartRate: Double?
    @OptionalField(key: "maximum_hr") var maximumHeartRate: Double?
    @OptionalField(key: "threshold_hr") var thresholdHeartRate: Double?
    /// Seconds per kilometre.
    @OptionalField(key: "threshold_pace") var thresholdPace: Double?
    /// The upper bounds of zones 1 to 4, bpm, set by hand.
    @JSONText(key: "zone_bounds") var zoneBounds: [Double]?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    /// The entry as the core reads it.
    var history: PhysiologyHistory.Entry {
        .init(from: LocalDay(number: fromDay), restingHeartRate: restingHeartRate, maximumHeartRate: maximumHeartRate,
              thresholdHeartRate: thresholdHeartRate, thresholdPace: thresholdPace, zoneBounds: zoneBounds)
    }
}
