/// What a follow session tells the runner every few seconds.
public struct Cue: Sendable, Hashable, Codable {
    /// Seconds since the runner's first fix.
    public var elapsedSeconds: Double
    /// Metres the runner has covered.
    public var distanceMeters: Double
    /// Seconds ahead of the pace (negative: behind); nil while deviated or before the route is reached.
    public var aheadSeconds: Double?
    /// Whether the runner is off the route (or has not reached it yet).
    public var deviated: Bool
    /// Whether the runner has reached the route at all.
    public var started: Bool
    /// Whether the runner has passed the route's last checkpoint.
    public var finished: Bool
}
