import Fluent
import Foundation
import PacelineCore

/// Whether a run joins a route: replaying its fixes through a `FollowSession` against the
/// route's own pace must give coverage of at least 0.8 *and* reach the route's end, in a
/// time the sport's maximum speed allows (`CreditedDistance`'s cap: no one runs a 5 km
/// route in 60 s, however the fixes were made). Its time on the route is the session's
/// finish (start line to finish line). The upload API (`addRouteRun`) and live follows
/// both decide here.
enum RouteJoin {
    /// Why a run did not join.
    enum Shortfall: Equatable {
        /// Too little of the route covered, or its end not reached.
        case notAFollow
        /// Faster than the sport allows: the route takes at least `minimumSeconds`.
        case impossiblyFast(minimumSeconds: Double)
    }

    /// Replays `run` against `route`'s pace and, if it is a follow that finished in a
    /// possible time, puts it on the route's leaderboard. Returns the session's result and,
    /// when it did not join, why.
    static func attempt(_ run: Run, to route: Route, on database: any Database) async throws -> (result: FollowResult, shortfall: Shortfall?) {
        guard let paceRun = try await Run.find(route.$run.id, on: database) else { throw Refusal.notFound("route") }
        let pace = try paceRun.checkpoints()
        let result = FollowSession.replay(try run.activity(), against: pace).session.result
        guard result.classification == .follow, result.finish.completed else { return (result, .notAFollow) }
        let maximumSpeed = SportThresholds.for(run.sport).maximumSpeed
        let minimumSeconds = (pace.last?.distance ?? 0) / maximumSpeed
        guard result.finish.elapsedSeconds >= minimumSeconds else { return (result, .impossiblyFast(minimumSeconds: minimumSeconds)) }
        let routeID = try route.requireID()
        try await database.retryingTransaction { transaction in
            try await RouteRun(routeID: routeID, runID: try run.requireID(), runnerID: run.$owner.id,
                               elapsedSeconds: result.finish.elapsedSeconds, coverage: result.coverage,
                               runDate: run.startTime ?? Date()).create(on: transaction)
            run.$route.id = routeID
            try await run.save(on: transaction)
        }
        return (result, nil)
    }

    /// Replays `run`, measured again (`RunRemeasuring`), against each route whose
    /// leaderboard it is on: its time there follows its track, and a run today's rules no
    /// longer find a follow of the route, or find too fast, leaves the leaderboard.
    static func remeasured(_ run: Run, on database: any Database) async throws {
        let entries = try await RouteRun.query(on: database).filter(\.$run.$id == run.requireID()).with(\.$route).all()
        for entry in entries {
            guard let paceRun = try await Run.find(entry.route.$run.id, on: database) else { continue }
            let pace = try paceRun.checkpoints()
            let result = FollowSession.replay(try run.activity(), against: pace).session.result
            let minimumSeconds = (pace.last?.distance ?? 0) / SportThresholds.for(run.sport).maximumSpeed
            guard result.classification == .follow, result.finish.completed, result.finish.elapsedSeconds >= minimumSeconds else {
                try await entry.delete(on: database)
                if run.$route.id == entry.$route.id { run.$route.id = nil }
                continue
            }
            entry.elapsedSeconds = result.finish.elapsedSeconds
            entry.coverage = result.coverage
            entry.runDate = run.startTime ?? entry.runDate
            try await entry.save(on: database)
        }
    }
}
