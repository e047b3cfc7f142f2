import Fluent
import Foundation
import PacelineCore

/// Whether a run joins a route: replaying its fixes through a `FollowSession` against the
/// route's own pace must give coverage of at least 0.8 *and* reach the route's end. Its
/// time on the route is the session's finish (start line to finish line). The upload
/// API (`addRouteRun`) and live follows both decide here.
enum RouteJoin {
    /// Replays `run` against `route`'s pace and, if it is a follow that finished, puts it
    /// on the route's leaderboard. Returns the session's result and whether it joined.
    static func attempt(_ run: Run, to route: Route, on database: any Database) async throws -> (result: FollowResult, joined: Bool) {
        guard let paceRun = try await Run.find(route.$run.id, on: database) else { throw APIError.notFound("route") }
        let result = FollowSession.replay(try run.activity(), against: try paceRun.checkpoints()).session.result
        guard result.classification == .follow, result.finish.completed else { return (result, false) }
        let routeID = try route.requireID()
        try await database.transaction { transaction in
            try await RouteRun(routeID: routeID, runID: try run.requireID(), runnerID: run.$owner.id,
                               elapsedSeconds: result.finish.elapsedSeconds, coverage: result.coverage,
                               runDate: run.startTime ?? Date()).create(on: transaction)
            run.$route.id = routeID
            try await run.save(on: transaction)
        }
        return (result, true)
    }
}
