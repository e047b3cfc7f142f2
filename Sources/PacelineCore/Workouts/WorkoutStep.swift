/// One step of a plan as the runner wrote it: a single interval, or a block of intervals
/// repeated ("6 × 400 m fast, 200 m rest").
///
/// In a plan file a repeat is `{"repeat": 6, "intervals": [{...}, {...}]}`; anything
/// else is an interval.
public enum WorkoutStep: Sendable, Hashable {
    case interval(WorkoutInterval)
    case repeated(count: Int, intervals: [WorkoutInterval])

    /// The intervals this step runs, in order, repeats expanded.
    public var expanded: [WorkoutInterval] {
        switch self {
        case .interval(let interval): [interval]
        case .repeated(let count, let intervals): (0..<max(count, 0)).flatMap { _ in intervals }
        }
    }
}

extension WorkoutStep: Codable {
    private enum Keys: String, CodingKey { case `repeat`, intervals }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        if let count = try c.decodeIfPresent(Int.self, forKey: .repeat) {
            self = .repeated(count: count, intervals: try c.decode([WorkoutInterval].self, forKey: .intervals))
        } else {
            self = .interval(try WorkoutInterval(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .interval(let interval): try interval.encode(to: encoder)
        case .repeated(let count, let intervals):
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(count, forKey: .repeat)
            try c.encode(intervals, forKey: .intervals)
        }
    }
}
