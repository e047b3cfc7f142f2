/// A range of paces, in seconds per kilometre: `fastest` is the smaller number.
public struct PaceBand: Sendable, Hashable, Codable {
    public var fastest: Double
    public var slowest: Double

    public init(fastest: Double, slowest: Double) {
        self.fastest = fastest
        self.slowest = slowest
    }

    /// The pace in the middle, which plans a distance interval's time.
    public var middle: Double { (fastest + slowest) / 2 }
}

/// The runner's pace bands: what rest, easy, steady and fast mean for them.
///
/// Defaults (docs/ALGORITHMS.md, "Interval workouts"): rest 8:00–12:00 /km (a walk or
/// a jog), easy 6:00–7:00, steady 5:00–6:00, fast 4:00–5:00. An explicit pace target
/// gets a band of ± `explicitTolerance` around it.
///
/// ```swift
/// PaceBands.default.band(for: .pace(secondsPerKilometer: 300))  // 4:45–5:15 /km
/// ```
public struct PaceBands: Sendable, Hashable, Codable {
    public var rest: PaceBand
    public var easy: PaceBand
    public var steady: PaceBand
    public var fast: PaceBand

    /// Seconds per kilometre either side of an explicit pace target.
    public static let explicitTolerance = 15.0

    public static let `default` = PaceBands(
        rest: PaceBand(fastest: 480, slowest: 720), easy: PaceBand(fastest: 360, slowest: 420),
        steady: PaceBand(fastest: 300, slowest: 360), fast: PaceBand(fastest: 240, slowest: 300))

    public init(rest: PaceBand, easy: PaceBand, steady: PaceBand, fast: PaceBand) {
        self.rest = rest
        self.easy = easy
        self.steady = steady
        self.fast = fast
    }

    /// The band an interval with `target` aims for.
    public func band(for target: PaceTarget) -> PaceBand {
        switch target {
        case .rest: rest
        case .easy: easy
        case .steady: steady
        case .fast: fast
        case .pace(let pace): PaceBand(fastest: pace - Self.explicitTolerance, slowest: pace + Self.explicitTolerance)
        }
    }

    /// Throws `WorkoutPlanError` unless every band has 60 ≤ fastest ≤ slowest ≤ 3600 s/km.
    public func validate() throws {
        for (name, band) in [("rest", rest), ("easy", easy), ("steady", steady), ("fast", fast)] {
            guard band.fastest.isFinite, band.slowest.isFinite, WorkoutPlan.paceRange.contains(band.fastest),
                  WorkoutPlan.paceRange.contains(band.slowest), band.fastest <= band.slowest else {
                throw WorkoutPlanError("\(name): a band needs 60 ≤ fastest ≤ slowest ≤ 3600 seconds per kilometre")
            }
        }
    }
}
