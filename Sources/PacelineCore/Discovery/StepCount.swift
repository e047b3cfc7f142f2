import Foundation

/// The steps of a walk (or hike or run): counted from the cadence the device recorded
/// when it recorded one, otherwise estimated from the distance and the walker's step
/// length, and then said to be an estimate.
///
/// ```swift
/// StepCount(activity, distance: 5_000, stepLength: nil)  // walk without cadence: 6 667 steps, estimated
/// ```
public struct StepCount: Sendable, Hashable {
    /// The step length used when the walker gave none, metres: 0.415 × 1.75 m, the usual
    /// pedometer rule for an adult of average height, rounded to 0.73 m.
    public static let defaultStepLength = 0.73
    /// A step between fixes longer than this (seconds) was a pause the device did not
    /// record through (auto-pause): its cadence is not counted over the gap.
    public static let longestCountedInterval = 30.0
    /// A median cadence at least this (per minute) is already steps per minute: no one
    /// takes 120 strides of each leg in a minute.
    public static let stepsPerMinuteAbove = 120.0
    /// Steps shorter than this (metres) are implausible even for a slow walk; doubling a
    /// cadence that would give them means it was steps per minute already.
    public static let shortestStep = 0.45

    public var steps: Int
    /// Whether `steps` is an estimate from distance rather than counted by the device.
    public var isEstimated: Bool

    public init(steps: Int, isEstimated: Bool) {
        self.steps = steps
        self.isEstimated = isEstimated
    }

    /// The steps of `activity`, which covered `distance` metres (the GPS distance).
    ///
    /// From cadence when at least half the timed steps between fixes carry one. FIT
    /// records a runner's or walker's cadence per leg (strides per minute, half the
    /// steps; Garmin doubles it for display), and GPX/TCX exports copy that number, so
    /// the cadence is doubled — unless its median is `stepsPerMinuteAbove` or more, or
    /// doubling would make steps shorter than `shortestStep`, which shows a device that
    /// wrote steps per minute. Otherwise, for walks and hikes, `distance / stepLength`
    /// (default `defaultStepLength`), estimated. Nil for a run without cadence (a walking
    /// step length says nothing of a run) and for sports not on foot.
    /// - Complexity: O(n) in the number of fixes, plus a sort of the cadences for the median.
    public init?(_ activity: Activity, distance: Double, stepLength: Double? = nil) {
        guard [.walk, .hike, .run].contains(activity.sport) else { return nil }
        if let cycles = Self.cadenceCycles(activity.track) {
            let median = cycles.median
            let perLeg = median < Self.stepsPerMinuteAbove && (cycles.total == 0 || distance / (2 * cycles.total) >= Self.shortestStep)
            self.init(steps: Int((perLeg ? 2 * cycles.total : cycles.total).rounded()), isEstimated: false)
            return
        }
        guard activity.sport != .run else { return nil }
        let length = stepLength.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? Self.defaultStepLength
        self.init(steps: Int((distance / length).rounded()), isEstimated: true)
    }

    /// The cadence integrated over time (cycles), and the median cadence, or nil when fewer
    /// than half the timed intervals have one.
    private static func cadenceCycles(_ track: Track) -> (total: Double, median: Double)? {
        var total = 0.0, intervals = 0, withCadence = 0
        var cadences: [Double] = []
        for segment in track.segments {
            var previous: Fix?
            for fix in segment {
                guard let time = fix.time else { continue }
                defer { previous = fix }
                guard let last = previous, let lastTime = last.time else { continue }
                let seconds = time.timeIntervalSince(lastTime)
                guard seconds > 0 else { continue }
                intervals += 1
                guard let cadence = last.cadence, cadence >= 0 else { continue }
                withCadence += 1
                if cadence > 0 { cadences.append(Double(cadence)) }
                if seconds <= longestCountedInterval { total += Double(cadence) * seconds / 60 }
            }
        }
        guard intervals > 0, withCadence * 2 >= intervals else { return nil }
        cadences.sort()
        return (total, cadences.isEmpty ? 0 : cadences[cadences.count / 2])
    }
}
