import Foundation

extension FollowSession {
    /// Replays a recorded run through a session against `pace`, fix by fix in time order,
    /// as a phone would have delivered them; returns the session at the end and the cues
    /// it gave. The session's maximum speed is that of the run's sport (the rest of
    /// `configuration` is kept).
    ///
    /// ```swift
    /// let (session, cues) = FollowSession.replay(mine, against: Normalization.checkpoints(of: theirs))
    /// session.result.classification  // .follow when the run covered at least 80 % of the pace
    /// ```
    /// - Complexity: O(n log n) in the run's fixes (the sort); O(n) when already in order.
    public static func replay(_ run: Activity, against pace: [Checkpoint],
                              configuration: Configuration = Configuration()) -> (session: FollowSession, cues: [Cue]) {
        var configuration = configuration
        configuration.maximumSpeed = SportThresholds.for(run.sport).maximumSpeed
        var session = FollowSession(pace: pace, configuration: configuration)
        var cues: [Cue] = []
        for fix in inTimeOrder(run.track.fixes) {
            if let cue = session.add(fix) { cues.append(cue) }
        }
        return (session, cues)
    }

    /// The fixes sorted by time (stable; untimed fixes keep their place at the front, where
    /// a session ignores them).
    static func inTimeOrder(_ fixes: [Fix]) -> [Fix] {
        fixes.enumerated().sorted { a, b in
            let ta = a.element.time ?? .distantPast, tb = b.element.time ?? .distantPast
            return ta == tb ? a.offset < b.offset : ta < tb
        }.map(\.element)
    }
}
