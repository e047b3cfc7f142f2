import Foundation

/// Average, minimum and maximum heart rate of an activity.
public struct HeartRateSummary: Sendable, Hashable, Codable {
    /// Time-weighted mean (each reading holds until the next); a plain mean for untimed tracks.
    public var average: Double
    public var minimum: Int
    public var maximum: Int

    /// Summarises the heart rates in `fixes`; nil when there are none.
    /// - Complexity: O(n).
    public init?(_ fixes: some Sequence<Fix>) {
        var weighted = 0.0, weights = 0.0, sum = 0, count = 0
        var minimum = Int.max, maximum = Int.min
        var previous: (rate: Int, time: Date)?
        for fix in fixes {
            guard let rate = fix.heartRate, rate > 0 else { continue }
            sum += rate
            count += 1
            minimum = min(minimum, rate)
            maximum = max(maximum, rate)
            if let time = fix.time {
                if let previous {
                    let seconds = time.timeIntervalSince(previous.time)
                    if seconds > 0 && seconds < 60 {  // a long gap is a pause, not a held reading
                        weighted += Double(previous.rate) * seconds
                        weights += seconds
                    }
                }
                previous = (rate, time)
            }
        }
        guard count > 0 else { return nil }
        average = weights > 0 ? weighted / weights : Double(sum) / Double(count)
        self.minimum = minimum
        self.maximum = maximum
    }
}
