/// How fast an interval should be run: one of the runner's pace bands, or an explicit pace.
///
/// In a plan file: `"target": "fast"`, or `"target": "pace", "paceSecondsPerKilometer": 300`.
public enum PaceTarget: Sendable, Hashable {
    case rest, easy, steady, fast
    /// An explicit pace in seconds per kilometre (5:00 /km is 300).
    case pace(secondsPerKilometer: Double)

    /// The word a plan file and the API use: "rest", "easy", "steady", "fast" or "pace".
    public var name: String {
        switch self {
        case .rest: "rest"
        case .easy: "easy"
        case .steady: "steady"
        case .fast: "fast"
        case .pace: "pace"
        }
    }

    /// The target named `name`; `pace` needs `secondsPerKilometer`. Nil for an unknown name.
    public init?(name: String, secondsPerKilometer: Double? = nil) {
        switch name {
        case "rest": self = .rest
        case "easy": self = .easy
        case "steady": self = .steady
        case "fast": self = .fast
        case "pace":
            guard let secondsPerKilometer else { return nil }
            self = .pace(secondsPerKilometer: secondsPerKilometer)
        default: return nil
        }
    }

    /// The explicit pace, for `.pace`.
    public var secondsPerKilometer: Double? {
        if case .pace(let pace) = self { pace } else { nil }
    }
}
