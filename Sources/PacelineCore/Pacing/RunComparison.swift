/// Two runs of one route side by side: the time gap at every checkpoint of the first,
/// and where each runner was at any instant (as if they had started together).
///
/// ```swift
/// let comparison = try RunComparison(a, b)
/// comparison.gaps.last?.gapSeconds   // 42: B finished 42 s after A
/// comparison.positions(at: 600)      // each runner ten minutes in
/// ```
public struct RunComparison: Sendable {
    /// The time gap at one checkpoint of A.
    public struct Gap: Sendable, Hashable, Codable {
        /// Metres along A.
        public var distanceMeters: Double
        /// When A passed it (seconds since A's start).
        public var aSeconds: Double
        /// When B passed it (seconds since B's start).
        public var bSeconds: Double
        /// `bSeconds - aSeconds`: positive when B was behind A.
        public var gapSeconds: Double { bSeconds - aSeconds }
    }

    /// Where a runner was at an instant.
    public struct Position: Sendable, Hashable {
        public var coordinate: Coordinate
        /// Metres along their own run.
        public var distanceMeters: Double
        public var speed: Double
        public var elevation: Double?
    }

    /// A's checkpoints: the reference, and its chart series (time, speed, elevation along distance).
    public let a: [Checkpoint]
    /// B's own checkpoints, by its own distance: its chart series.
    public let b: [Checkpoint]
    /// B's checkpoints on A (see `Normalization.checkpoints(of:along:)`).
    public let bAlongA: [Checkpoint]
    /// The gap at every checkpoint of A that B passed.
    public let gaps: [Gap]
    /// How much of A B covered, and so whether B is a run of A's route.
    public let result: FollowResult

    /// Compares `b` with `a`, A serving as the route.
    /// - Complexity: O(n) in the fixes of both runs.
    public init(_ a: Activity, _ b: Activity) throws(PacingError) {
        let route = try Normalization.checkpoints(of: a)
        var session = FollowSession(pace: route)
        for fix in b.track.fixes { _ = session.add(fix) }
        self.a = route
        self.b = try Normalization.checkpoints(of: b)
        bAlongA = Normalization.checkpoints(following: session, own: self.b)
        gaps = zip(route, session.passages).compactMap { checkpoint, passage in
            passage.map { Gap(distanceMeters: checkpoint.distance, aSeconds: checkpoint.elapsed, bSeconds: $0) }
        }
        result = session.result
    }

    /// Where each runner was `elapsed` seconds after their own start; nil once a run
    /// had ended (or before it began).
    /// - Complexity: O(log n).
    public func positions(at elapsed: Double) -> (a: Position?, b: Position?) {
        (Self.position(in: a, at: elapsed), Self.position(in: b, at: elapsed))
    }

    private static func position(in checkpoints: [Checkpoint], at elapsed: Double) -> Position? {
        guard let last = checkpoints.last, elapsed >= 0, elapsed <= last.elapsed,
              let (p, q, f) = Normalization.bracket(checkpoints, elapsed) else { return nil }
        let coordinate = Coordinate(latitude: p.coordinate.latitude + f * (q.coordinate.latitude - p.coordinate.latitude),
                                    longitude: p.coordinate.longitude + f * (q.coordinate.longitude - p.coordinate.longitude))
        let elevation = p.elevation.flatMap { e in q.elevation.map { e + f * ($0 - e) } }
        return Position(coordinate: coordinate, distanceMeters: p.distance + f * (q.distance - p.distance),
                        speed: p.speed + f * (q.speed - p.speed), elevation: elevation)
    }
}
