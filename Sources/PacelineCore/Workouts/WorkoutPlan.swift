import Foundation

/// A workout: a name and an ordered list of steps (intervals and repeat blocks).
/// docs/ALGORITHMS.md, "Interval workouts", gives the file format and the rules.
///
/// ```swift
/// let plan = try WorkoutPlan.decode(Data(#"{"name":"Track","steps":[{"repeat":6,"intervals":[{"meters":400,"target":"fast"},{"meters":200,"target":"rest"}]}]}"#.utf8))
/// plan.intervals.count  // 12
/// ```
public struct WorkoutPlan: Sendable, Hashable, Codable {
    /// Most intervals a plan may expand to (a 40 × 400 m session is 80).
    public static let maximumIntervals = 500
    /// Longest interval: 24 hours, or 1000 km.
    public static let maximumSeconds = 86_400.0
    public static let maximumMeters = 1_000_000.0
    /// Explicit paces must lie within 1:00 and 60:00 per kilometre.
    public static let paceRange = 60.0...3600.0

    public var name: String
    public var steps: [WorkoutStep]

    public init(name: String, steps: [WorkoutStep]) {
        self.name = name
        self.steps = steps
    }

    /// The intervals in running order, repeats expanded: interval N of M is `intervals[N - 1]`.
    /// - Complexity: O(M).
    public var intervals: [WorkoutInterval] { steps.flatMap(\.expanded) }

    /// Throws `WorkoutPlanError` naming the first thing wrong: no intervals, a length
    /// that is not positive or beyond the maximum, a repeat count below 1 or an empty
    /// block, an explicit pace out of range, too many intervals.
    public func validate() throws {
        guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw WorkoutPlanError("the workout has no name") }
        guard !steps.isEmpty else { throw WorkoutPlanError("the workout has no intervals") }
        var total = 0
        for (i, step) in steps.enumerated() {
            let at = "step \(i + 1)"
            switch step {
            case .interval(let interval): try Self.validate(interval, at)
            case .repeated(let count, let intervals):
                guard count >= 1, count <= Self.maximumIntervals else { throw WorkoutPlanError("\(at): repeat count \(count) must be 1 to \(Self.maximumIntervals)") }
                guard !intervals.isEmpty else { throw WorkoutPlanError("\(at): a repeat needs at least one interval") }
                for (j, interval) in intervals.enumerated() { try Self.validate(interval, "\(at), interval \(j + 1)") }
            }
            total += step.expandedCount
            guard total <= Self.maximumIntervals else { throw WorkoutPlanError("the workout has more than \(Self.maximumIntervals) intervals") }
        }
    }

    private static func validate(_ interval: WorkoutInterval, _ at: String) throws {
        switch interval.length {
        case .seconds(let s):
            guard s.isFinite, s > 0, s <= maximumSeconds else { throw WorkoutPlanError("\(at): seconds must be above 0 and at most \(Int(maximumSeconds))") }
        case .meters(let m):
            guard m.isFinite, m > 0, m <= maximumMeters else { throw WorkoutPlanError("\(at): meters must be above 0 and at most \(Int(maximumMeters))") }
        }
        if let pace = interval.target.secondsPerKilometer, !(pace.isFinite && paceRange.contains(pace)) {
            throw WorkoutPlanError("\(at): paceSecondsPerKilometer must be 60 to 3600")
        }
    }

    /// Reads and validates a plan from JSON; errors say what is wrong and where.
    public static func decode(_ data: Data) throws -> WorkoutPlan {
        let plan: WorkoutPlan
        do {
            plan = try JSONDecoder().decode(WorkoutPlan.self, from: data)
        } catch let error as DecodingError {
            throw WorkoutPlanError(describing: error)
        }
        try plan.validate()
        return plan
    }
}

extension WorkoutStep {
    /// How many intervals the step expands to, without expanding it.
    var expandedCount: Int {
        switch self {
        case .interval: 1
        case .repeated(let count, let intervals): max(count, 0) * intervals.count
        }
    }
}
