/// Something a workout session tells the runner: an interval starts, one is about to
/// end, the pace drifted out of the band, the workout is complete.
public struct WorkoutCue: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case start, countdown, tooSlow, tooFast, complete
    }

    /// Workout-clock seconds (pauses excluded) when the cue is due.
    public var elapsedSeconds: Double
    /// Metres covered since the start.
    public var distanceMeters: Double
    /// The interval it is about (1-based): the one starting, ending, drifting; the last for `complete`.
    public var interval: Int
    public var kind: Kind
    /// For a countdown: seconds left of an interval by time, or metres left of one by distance.
    public var secondsLeft: Double?
    public var metersLeft: Double?
    /// For a drift warning: the current pace, seconds per kilometre (nil when standing).
    public var paceSecondsPerKilometer: Double?

    public init(elapsedSeconds: Double, distanceMeters: Double, interval: Int, kind: Kind,
                secondsLeft: Double? = nil, metersLeft: Double? = nil, paceSecondsPerKilometer: Double? = nil) {
        self.elapsedSeconds = elapsedSeconds
        self.distanceMeters = distanceMeters
        self.interval = interval
        self.kind = kind
        self.secondsLeft = secondsLeft
        self.metersLeft = metersLeft
        self.paceSecondsPerKilometer = paceSecondsPerKilometer
    }
}
