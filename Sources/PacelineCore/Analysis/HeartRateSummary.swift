import Foundation

/// Average, minimum and maximum heart rate of an activity.
public struct HeartRateSummary: Sendable, Hashable, Codable {
    /// Time-weighted mean (each reading holds until the next); a plain mean for untimed tracks.
    public var average: Double
    public var minimum: Int
    public var maximum: Int

    public init(average: Double, minimum: Int, maximum: Int) {
        self.average = average
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Summarises the heart rates in `fixes` as `SensorSummary` measures a sensor; nil when there are none.
    /// - Complexity: O(n).
    public init?(_ fixes: some Sequence<Fix>) {
        guard let measure = SensorSummary.measure(fixes, \.heartRate) else { return nil }
        self.init(average: measure.average, minimum: measure.minimum, maximum: measure.maximum)
    }
}
