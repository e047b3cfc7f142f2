import Fluent
import Foundation
import PacelineAPI
import PacelineCore

extension RouteBook {
    /// What became of a run put on a route.
    enum Joining {
        /// On the leaderboard now, at its rank.
        case joined(Components.Schemas.RouteRun)
        /// Not a follow of the route, or faster than its sport allows: the replay's result, and why.
        case fellShort(RouteJoin.Shortfall, FollowResult)
    }

    /// Puts `user`'s run `runID` on route `routeID` if it follows it (`RouteJoin.attempt`):
    /// 404 unless they may see the route, 404 unless they own the run, 409 for a run on this
    /// or another route already, in that order.
    static func join(run runID: String, to routeID: String, by user: UUID, on database: any Database) async throws -> Joining {
        let route = try await RouteAccess.visibleRoute(routeID, to: user, on: database)
        let routeID = try route.requireID()
        let run = try await RunAccess.ownedRun(runID, by: user, on: database)
        let runID = try run.requireID()
        if let existing = run.$route.id {
            throw Refusal.conflict(existing == routeID ? "the run is already on this route"
                                                         : "the run is on another route, \(existing.apiID)")
        }
        let (result, shortfall) = try await RouteJoin.attempt(run, to: route, on: database)
        if let shortfall { return .fellShort(shortfall, result) }
        let rank = try await Leaderboard.rank(of: UserID(user), on: RouteID(routeID), on: database)
        return .joined(.init(routeId: routeID.apiID, runId: runID.apiID,
                             coverage: result.coverage, elapsedSeconds: result.finish.elapsedSeconds, rank: rank))
    }
}
