/// A point of a normalized track: where the athlete was after each 20 m of the way,
/// and when. Routes and paces are sequences of checkpoints.
public struct Checkpoint: Sendable, Hashable, Codable {
    /// Where the athlete was.
    public var coordinate: Coordinate
    /// Metres along the track from its start.
    public var distance: Double
    /// Seconds since the track's first fix, pauses included.
    public var elapsed: Double
    /// Metres per second around this checkpoint.
    public var speed: Double
    /// Metres above sea level, if the track has elevation.
    public var elevation: Double?

    public init(coordinate: Coordinate, distance: Double, elapsed: Double, speed: Double, elevation: Double? = nil) {
        self.coordinate = coordinate
        self.distance = distance
        self.elapsed = elapsed
        self.speed = speed
        self.elevation = elevation
    }
}
