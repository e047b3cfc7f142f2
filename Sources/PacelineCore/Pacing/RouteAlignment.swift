extension Normalization {
    /// The checkpoints of `run` on `route`: where the run matched the route, the route's
    /// own checkpoints with the instants the runner passed them (so two runs of a route
    /// line up checkpoint by checkpoint); after the runner's last matched checkpoint (a
    /// longer run going on past the route's end), the rest of the run by its own
    /// distance, continuing from there. Route checkpoints the runner skipped are left out.
    /// - Complexity: O(n + m) for n fixes and m route checkpoints.
    public static func checkpoints(of run: Activity, along route: [Checkpoint],
                                   configuration: FollowSession.Configuration = .init()) throws(PacingError) -> [Checkpoint] {
        var session = FollowSession(pace: route, configuration: configuration)
        for fix in run.track.fixes { _ = session.add(fix) }
        return checkpoints(following: session, own: try checkpoints(of: run))
    }

    /// The checkpoints of a run on the route of `session`, which has been fed all of the
    /// run, given the run's `own` checkpoints (by its own distance).
    static func checkpoints(following session: FollowSession, own: [Checkpoint]) -> [Checkpoint] {
        let route = session.pace
        var aligned: [Checkpoint] = []
        for (index, passage) in session.passages.enumerated() {
            guard let passage else { continue }
            var checkpoint = route[index]
            checkpoint.elapsed = passage
            aligned.append(checkpoint)
        }
        guard let last = aligned.last else { return own }
        // Both clocks start at the run's first timed fix.
        let ownDistanceThen = Self.distance(in: own, at: last.elapsed)
        for checkpoint in own where checkpoint.elapsed > last.elapsed && checkpoint.distance > ownDistanceThen {
            var continued = checkpoint
            continued.distance = last.distance + checkpoint.distance - ownDistanceThen
            aligned.append(continued)
        }
        assignSpeeds(&aligned)
        return aligned
    }

    /// Distance along `checkpoints` at `elapsed` seconds, interpolated (binary search).
    static func distance(in checkpoints: [Checkpoint], at elapsed: Double) -> Double {
        guard let (a, b, f) = bracket(checkpoints, elapsed) else { return 0 }
        return a.distance + f * (b.distance - a.distance)
    }

    /// The checkpoints either side of `elapsed` and the fraction of the way between them;
    /// nil for an empty list. Clamped to the ends.
    static func bracket(_ checkpoints: [Checkpoint], _ elapsed: Double) -> (Checkpoint, Checkpoint, Double)? {
        guard let first = checkpoints.first, let last = checkpoints.last else { return nil }
        if elapsed <= first.elapsed { return (first, first, 0) }
        if elapsed >= last.elapsed { return (last, last, 0) }
        var low = 0, high = checkpoints.count - 1  // checkpoints[low].elapsed < elapsed <= checkpoints[high].elapsed
        while high - low > 1 {
            let middle = (low + high) / 2
            if checkpoints[middle].elapsed < elapsed { low = middle } else { high = middle }
        }
        let a = checkpoints[low], b = checkpoints[high]
        let span = b.elapsed - a.elapsed
        return (a, b, span > 0 ? (elapsed - a.elapsed) / span : 0)
    }
}
