/// Where on a route a runner is: on the leg from checkpoint `leg` to `leg + 1`.
public struct RoutePosition: Sendable, Hashable {
    /// Index of the checkpoint the runner has most recently passed.
    public var leg: Int
    /// Metres along the route.
    public var distance: Double

    /// The position of `coordinate` projected onto the legs either side of
    /// `checkpoints[index]`, clamped to the legs' ends: of the two, the one that lies
    /// nearer to it, counting half the difference from the `expected` route distance
    /// as extra metres (so where a route comes back along itself, the pass the runner
    /// is on wins).
    /// - Complexity: O(1).
    static func projecting(_ coordinate: Coordinate, near index: Int, of checkpoints: [Checkpoint], expected: Double) -> RoutePosition {
        var best: (position: RoutePosition, score: Double)?
        for leg in [index - 1, index] where leg >= 0 && leg + 1 < checkpoints.count {
            let a = checkpoints[leg], b = checkpoints[leg + 1]
            let (offset, f) = Geodesy.projection(of: coordinate, ontoStepFrom: a.coordinate, to: b.coordinate)
            let candidate = f >= 1 && leg + 2 < checkpoints.count
                ? RoutePosition(leg: leg + 1, distance: b.distance)
                : RoutePosition(leg: leg, distance: a.distance + f * (b.distance - a.distance))
            let score = offset + abs(candidate.distance - expected) / 2
            if best == nil || score < best!.score { best = (candidate, score) }
        }
        return best?.position ?? RoutePosition(leg: 0, distance: 0)
    }

    /// The pace's elapsed seconds at this position, interpolated along the leg.
    func elapsed(on checkpoints: [Checkpoint]) -> Double {
        let a = checkpoints[leg]
        guard leg + 1 < checkpoints.count else { return a.elapsed }
        let b = checkpoints[leg + 1]
        let length = b.distance - a.distance
        let f = length > 0 ? (distance - a.distance) / length : 0
        return a.elapsed + f * (b.elapsed - a.elapsed)
    }
}
