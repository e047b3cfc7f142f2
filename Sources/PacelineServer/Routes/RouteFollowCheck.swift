import Foundation
import PacelineCore

/// Decides whether a run followed a route: the run's fixes replayed, in time order,
/// through a follow session against the route's pace, as a phone would have fed them.
enum RouteFollowCheck {
    /// The session's result: coverage, classification and the time from the route's
    /// start to its end.
    static func result(of run: Activity, against pace: [Checkpoint]) -> FollowResult {
        var configuration = FollowSession.Configuration()
        configuration.maximumSpeed = SportThresholds.for(run.sport).maximumSpeed
        var session = FollowSession(pace: pace, configuration: configuration)
        let timed = run.track.fixes.filter { $0.time != nil }.sorted { $0.time! < $1.time! }
        for fix in timed { _ = session.add(fix) }
        return session.result
    }
}
