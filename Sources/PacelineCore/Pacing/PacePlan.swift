import Foundation

/// A pacer made from a goal: the time to be at each checkpoint of a route to finish in
/// `goal`, by a strategy, and the plan kilometre by kilometre. Its checkpoints have the
/// shape of a person's pace, so a plan is followed live as a run is (`FollowSession`).
///
/// Each 20 m leg between checkpoints gets a share of the goal in proportion to its weight:
/// its length, times the grade's cost at the same effort (`GradeAdjustment`) for an even
/// effort, times a factor easing from 2 % above to 2 % below 1 along the way for a negative
/// split. A leg's grade is taken over the ±2 legs around it (about 100 m), so a step in the
/// elevation's data is not a wall. The splits' whole seconds add up to the goal exactly:
/// each is the rounded time at its end less the rounded time at its start.
///
/// ```swift
/// let plan = try PacePlan(route: checkpoints, goal: 50 * 60, strategy: .evenEffort)
/// plan.splits[0].secondsPerKilometre   // 312.4: slower than 300, the first km climbs
/// ```
/// docs/ALGORITHMS.md, "A pacer from a goal".
public struct PacePlan: Sendable, Hashable {
    /// How the goal is spread along the route.
    public enum Strategy: String, Sendable, Hashable, Codable, CaseIterable {
        /// The same pace everywhere.
        case evenPace
        /// The same effort everywhere: slower up, quicker down (`GradeAdjustment`).
        case evenEffort
        /// Even effort, easing from 2 % slower to 2 % quicker: the second half about 2 %
        /// quicker than the first.
        case negativeSplit
    }

    /// One kilometre of the plan (the last one shorter, unless the route is whole kilometres).
    public struct Split: Sendable, Hashable, Codable {
        /// 1 for the first kilometre.
        public var number: Int
        public var startDistance: Double
        public var endDistance: Double
        /// Whole seconds from the start to the split's end, as planned.
        public var elapsed: Int
        /// Whole seconds the split takes: the splits' add up to the goal.
        public var seconds: Int
        /// The split's pace, seconds per kilometre, unrounded.
        public var secondsPerKilometre: Double
        /// Its average gradient, rise over run (0.05 for 5 %); 0 without elevation.
        public var grade: Double
        public var ascent: Double
        public var descent: Double
    }

    /// Why a plan can't be made.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// Fewer than two checkpoints, or no distance between them.
        case routeTooShort
        /// An average speed no runner or walker keeps over the route.
        case goalOutOfReach(fastest: Double, slowest: Double)

        public var description: String {
            switch self {
            case .routeTooShort: "the route is too short to plan"
            case .goalOutOfReach(let fastest, let slowest):
                "the goal must be between \(Int(fastest.rounded(.up))) s and \(Int(slowest.rounded(.down))) s for this route (an average of 6.5 m/s at most, 0.3 m/s at least)"
            }
        }
    }

    /// The fastest and slowest average speeds a goal may ask for, m/s (a world-record 10 km
    /// is run at 6.3; 0.3 is a slow stroll).
    public static let speeds = 0.3...6.5
    /// Checkpoints either side of a leg its grade is taken over.
    static let gradeReach = 2
    /// The negative split's ease, from +half to −half of it along the way.
    static let negativeSplitEase = 0.04

    public let goal: Double
    public let strategy: Strategy
    /// The route's checkpoints with the plan's times and speeds.
    public let checkpoints: [Checkpoint]
    public let splits: [Split]

    /// The plan to cover `route` (its checkpoints in order of distance) in `goal` seconds by
    /// `strategy`.
    /// - Throws: `Problem` for a route without length, or a goal whose average speed is
    ///   outside `speeds`.
    /// - Complexity: O(n) in the checkpoints.
    public init(route: [Checkpoint], goal: Double, strategy: Strategy) throws(Problem) {
        guard route.count >= 2, let last = route.last, let first = route.first, last.distance - first.distance > 0 else { throw .routeTooShort }
        let length = last.distance - first.distance
        guard goal.isFinite, (length / Self.speeds.upperBound...length / Self.speeds.lowerBound).contains(goal) else {
            throw .goalOutOfReach(fastest: length / Self.speeds.upperBound, slowest: length / Self.speeds.lowerBound)
        }
        let elevations = Self.smoothed(route)
        var weights = [0.0]
        weights.reserveCapacity(route.count)
        for index in 1..<route.count {
            let run = route[index].distance - route[index - 1].distance
            var weight = run
            if strategy != .evenPace, run > 0 {
                weight *= GradeAdjustment.factor(grade: (elevations[index] - elevations[index - 1]) / run)
            }
            if strategy == .negativeSplit {
                let along = (route[index].distance + route[index - 1].distance) / 2 - first.distance
                weight *= 1 + Self.negativeSplitEase * (0.5 - along / length)
            }
            weights.append(weights[index - 1] + weight)
        }
        let total = weights[weights.count - 1]
        var planned = route
        for index in planned.indices {
            planned[index].elapsed = goal * weights[index] / total
            let (from, to) = (max(0, index - 1), min(route.count - 1, index + 1))
            let seconds = goal * (weights[to] - weights[from]) / total
            planned[index].speed = seconds > 0 ? (route[to].distance - route[from].distance) / seconds : 0
        }
        self.goal = goal
        self.strategy = strategy
        self.checkpoints = planned
        self.splits = Self.splits(of: planned, elevations: elevations, goal: goal)
    }

    /// Each checkpoint's elevation averaged over the `gradeReach` checkpoints either side
    /// (0 where the route has none), by a running sum.
    static func smoothed(_ route: [Checkpoint]) -> [Double] {
        let known = route.map { $0.elevation }
        guard known.contains(where: { $0 != nil }) else { return Array(repeating: 0, count: route.count) }
        // Gaps in the elevation take the last known one (the first known one before it).
        var filled = known.map { $0 ?? .nan }
        var previous = known.compactMap { $0 }.first ?? 0
        for index in filled.indices { if filled[index].isNaN { filled[index] = previous } else { previous = filled[index] } }
        var sums = [0.0]
        sums.reserveCapacity(filled.count + 1)
        for value in filled { sums.append(sums[sums.count - 1] + value) }
        return filled.indices.map { index in
            let (from, to) = (max(0, index - gradeReach), min(filled.count - 1, index + gradeReach))
            return (sums[to + 1] - sums[from]) / Double(to - from + 1)
        }
    }

    /// The plan's kilometres, from its checkpoints' times (interpolated at each kilometre);
    /// a last piece shorter than `shortestLastSplit` goes into the kilometre before it.
    private static func splits(of plan: [Checkpoint], elevations: [Double], goal: Double) -> [Split] {
        let start = plan[0].distance, length = plan[plan.count - 1].distance - start
        var splits: [Split] = []
        var next = 1                 // the first checkpoint past what is counted
        var counted = elevations[0]  // the elevation climbed or descended to so far
        var previous = (distance: 0.0, time: 0.0, elevation: elevations[0], rounded: 0)
        while previous.distance < length {
            let number = splits.count + 1
            let end = length - Double(number) * 1000 < shortestLastSplit ? length : Double(number) * 1000
            var ascent = 0.0, descent = 0.0
            func climb(to elevation: Double) {
                let change = elevation - counted
                if change > 0 { ascent += change } else { descent -= change }
                counted = elevation
            }
            while next < plan.count - 1, plan[next].distance - start <= end {
                climb(to: elevations[next])
                next += 1
            }
            let (a, b) = (plan[next - 1], plan[next])
            let share = b.distance > a.distance ? min(1, max(0, (end + start - a.distance) / (b.distance - a.distance))) : 1
            let time = end >= length ? goal : a.elapsed + (b.elapsed - a.elapsed) * share
            let elevation = elevations[next - 1] + (elevations[next] - elevations[next - 1]) * share
            climb(to: elevation)
            let rounded = Int(time.rounded())
            splits.append(Split(number: number, startDistance: previous.distance, endDistance: end, elapsed: rounded,
                                seconds: rounded - previous.rounded,
                                secondsPerKilometre: (time - previous.time) / ((end - previous.distance) / 1000),
                                grade: (elevation - previous.elevation) / (end - previous.distance),
                                ascent: ascent, descent: descent))
            previous = (end, time, elevation, rounded)
        }
        return splits
    }

    /// The shortest last split kept on its own, metres.
    static let shortestLastSplit = 50.0
}
