/// The constants that turn noisy fixes into honest statistics, per sport.
/// docs/ALGORITHMS.md explains where each number comes from.
public struct SportThresholds: Sendable, Hashable {
    /// Fixes whose horizontal accuracy is worse than this (metres) are dropped.
    public var maximumAccuracy: Double
    /// Faster than this (m/s) from the last kept fix is a GPS spike, not movement.
    public var maximumSpeed: Double
    /// Below this speed (m/s), measured over `speedWindow`, the athlete is stopped.
    public var stoppedSpeed: Double
    /// Seconds over which stopped-or-moving is judged (displacement / time).
    public var speedWindow: Double
    /// A stop shorter than this (seconds) is not a pause (waiting at a crossing still counts as moving).
    public var minimumPause: Double
    /// Positions are averaged over this many seconds (centred) before distances are summed:
    /// 2 s on foot at walking pace, where 4 s would round a trail's hairpins off.
    public var positionSmoothing: Double
    /// Maximum speed is the fastest path speed over at least this many seconds.
    public var maxSpeedWindow: Double
    /// Elevation changes smaller than this (metres) are noise (hysteresis band).
    public var elevationHysteresis: Double

    /// The thresholds for `sport`.
    public static func `for`(_ sport: Sport) -> SportThresholds {
        switch sport {
        case .run: SportThresholds(maximumSpeed: 12.5, stoppedSpeed: 0.8, minimumPause: 5)  // 12.5 m/s: faster than any human sprint
        case .walk: SportThresholds(maximumSpeed: 5, stoppedSpeed: 0.4, minimumPause: 10, positionSmoothing: 2)
        case .hike: SportThresholds(maximumSpeed: 5, stoppedSpeed: 0.3, minimumPause: 10, positionSmoothing: 2)
        case .ride: SportThresholds(maximumSpeed: 35, stoppedSpeed: 1.0, minimumPause: 5)
        case .swim: SportThresholds(maximumSpeed: 4, stoppedSpeed: 0.15, minimumPause: 10)
        case .other: SportThresholds(maximumSpeed: 70, stoppedSpeed: 0.3, minimumPause: 10)
        }
    }

    public init(
        maximumAccuracy: Double = 50, maximumSpeed: Double, stoppedSpeed: Double, speedWindow: Double = 10,
        minimumPause: Double, positionSmoothing: Double = 4, maxSpeedWindow: Double = 5, elevationHysteresis: Double = 3
    ) {
        self.maximumAccuracy = maximumAccuracy
        self.maximumSpeed = maximumSpeed
        self.stoppedSpeed = stoppedSpeed
        self.speedWindow = speedWindow
        self.minimumPause = minimumPause
        self.positionSmoothing = positionSmoothing
        self.maxSpeedWindow = maxSpeedWindow
        self.elevationHysteresis = elevationHysteresis
    }
}
