import Foundation

extension WorkoutSession {
    /// Replays a recorded run through a session, fix by fix in time order within each
    /// segment, pausing at each segment break; returns the session at the end and its cues.
    /// The maximum speed is that of the run's sport.
    ///
    /// ```swift
    /// let (session, cues) = WorkoutSession.replay(run, plan: plan)
    /// session.summary.completed  // true when every interval was run
    /// ```
    /// - Complexity: O(n log n) in the run's fixes (the sort); O(n) when already in order.
    public static func replay(_ run: Activity, plan: WorkoutPlan, bands: PaceBands = .default,
                              configuration: Configuration = Configuration()) -> (session: WorkoutSession, cues: [WorkoutCue]) {
        var configuration = configuration
        configuration.maximumSpeed = SportThresholds.for(run.sport).maximumSpeed
        var session = WorkoutSession(plan: plan, bands: bands, configuration: configuration)
        var cues: [WorkoutCue] = []
        for (i, segment) in run.track.segments.enumerated() where !segment.isEmpty {
            if i > 0 { session.pause() }
            for fix in FollowSession.inTimeOrder(segment) { cues += session.add(fix) }
        }
        return (session, cues)
    }
}
