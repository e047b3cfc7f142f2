/// How a workout went: each interval's plan against what the runner did, and the totals.
public struct WorkoutSummary: Sendable, Hashable, Codable {
    /// Where an interval stands when the summary is taken.
    public enum Status: String, Sendable, Hashable, Codable {
        case completed, current, notStarted
    }

    /// One interval, planned and actual. A planned time of an interval by distance (and
    /// the distance of one by time) follows from the middle of its pace band.
    public struct Interval: Sendable, Hashable, Codable {
        public var number: Int
        /// "time" or "distance": which length ends the interval.
        public var by: String
        public var target: String
        public var bandFastestSecondsPerKilometer: Double
        public var bandSlowestSecondsPerKilometer: Double
        public var plannedSeconds: Double
        public var plannedMeters: Double
        public var plannedPaceSecondsPerKilometer: Double
        /// Nil for an interval not started.
        public var actualSeconds: Double?
        public var actualMeters: Double?
        /// Nil when not started or under 1 m covered.
        public var actualPaceSecondsPerKilometer: Double?
        public var status: Status
    }

    public var completed: Bool
    public var elapsedSeconds: Double
    public var distanceMeters: Double
    /// Nil under 1 m.
    public var averagePaceSecondsPerKilometer: Double?
    public var intervals: [Interval]

    /// Seconds per kilometre of `meters` in `seconds`; nil under 1 m.
    static func pace(_ seconds: Double, _ meters: Double) -> Double? {
        meters >= 1 ? seconds / (meters / 1000) : nil
    }
}

extension WorkoutSession {
    /// The summary so far: completed intervals with their actuals, the current one with
    /// what it has so far, the rest not started.
    /// - Complexity: O(intervals).
    public var summary: WorkoutSummary {
        let rows = intervals.enumerated().map { i, interval in
            let band = bands.band(for: interval.target)
            let pace = interval.target.secondsPerKilometer ?? band.middle
            let planned: (seconds: Double, meters: Double) = switch interval.length {
            case .seconds(let s): (s, s / pace * 1000)
            case .meters(let m): (m / 1000 * pace, m)
            }
            var actual: (seconds: Double, meters: Double)?
            let status: WorkoutSummary.Status
            if i < ends.count {
                actual = (ends[i].seconds - starts[i].seconds, ends[i].meters - starts[i].meters)
                status = .completed
            } else if i < starts.count {
                actual = (clock - starts[i].seconds, distance - starts[i].meters)
                status = .current
            } else {
                status = .notStarted
            }
            return WorkoutSummary.Interval(
                number: i + 1, by: interval.seconds != nil ? "time" : "distance", target: interval.target.name,
                bandFastestSecondsPerKilometer: band.fastest, bandSlowestSecondsPerKilometer: band.slowest,
                plannedSeconds: planned.seconds, plannedMeters: planned.meters, plannedPaceSecondsPerKilometer: pace,
                actualSeconds: actual?.seconds, actualMeters: actual?.meters,
                actualPaceSecondsPerKilometer: actual.flatMap { WorkoutSummary.pace($0.seconds, $0.meters) }, status: status)
        }
        return WorkoutSummary(completed: isComplete, elapsedSeconds: clock, distanceMeters: distance,
                              averagePaceSecondsPerKilometer: WorkoutSummary.pace(clock, distance), intervals: rows)
    }
}
