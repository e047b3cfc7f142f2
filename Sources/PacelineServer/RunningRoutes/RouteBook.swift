import Fluent
import Foundation
import PacelineAPI
import PacelineCore

/// The routes people run, with one owner for each thing done to them: publishing one from
/// a run, reading one with its top places, its course and its leaderboard, the pace a run
/// set on it, and deleting one (`RouteBook+Joining.swift`: putting a run on a route;
/// `RouteBook+Comparison.swift`: comparing two runs on one). Handlers decode, call one of
/// these, and encode. Who may see a route is `RouteAccess`'s; what becomes of one whose run
/// goes, `RouteSuccession`'s. Refusals are `Refusal`s.
enum RouteBook {
    /// Places shown with a route's detail.
    static let topRunsShown = 10

    /// Publishes `user`'s run `runID` as a route named `name` (checked against its text
    /// limit; empty or nil: the run's name, else "Route of" its date), placed at its first
    /// point outside their privacy zones (`RoutePlacement`), with the run first on its
    /// leaderboard. 404 unless they own the run, 422 for a run in a virtual world, 409 for
    /// a run on a route already, 422 for a run with no path, 400 for a bad name, 422 when
    /// the whole run lies inside their zones, in that order.
    static func create(from runID: String, by user: UUID, name: String?, on database: any Database) async throws -> Components.Schemas.Route {
        let run = try await RunAccess.ownedRun(runID, by: user, on: database)
        guard !run.isVirtual else { throw Refusal.unprocessable(RunAccess.virtualWorld) }
        if let routeID = run.$route.id {
            throw Refusal.conflict("the run is already on route \(routeID.apiID)")
        }
        let checkpoints = try run.checkpoints()
        guard let last = checkpoints.last else { throw Refusal.unprocessable("the run has no path") }
        let route = Route()
        route.$creator.id = user
        route.$run.id = try run.requireID()
        route.name = try TextInput.checked(name, "name", .name).flatMap { $0.isEmpty ? nil : $0 } ?? run.name ?? defaultName(for: run)
        route.privacy = run.privacy
        guard RoutePlacement.place(route, along: checkpoints, hiding: run.owner.privacyZones) else {
            throw Refusal.unprocessable("the whole run lies inside your privacy zones: nothing of it could be shown as a route")
        }
        try await database.retryingTransaction { transaction in
            try await route.create(on: transaction)
            let routeID = try route.requireID()
            try await RouteRun(routeID: routeID, runID: try run.requireID(), runnerID: user, elapsedSeconds: last.elapsed,
                               coverage: 1, runDate: run.startTime ?? Date()).create(on: transaction)
            run.$route.id = routeID
            try await run.save(on: transaction)
            try await RouteGrid.add(route, on: transaction)
        }
        route.$creator.value = run.owner
        return try await Route.schemas([route], viewer: user, on: database)[0]
    }

    /// Route `id` as `viewer` sees it, with its first `topRunsShown` places; 404 unless they may see it.
    static func detail(_ id: String, seenBy viewer: UUID?, on database: any Database) async throws -> Components.Schemas.RouteDetail {
        let route = try await RouteAccess.visibleRoute(id, to: viewer, on: database)
        let schema = try await Route.schemas([route], viewer: viewer, on: database)[0]
        let top = try await Leaderboard.entries(of: RouteID(try route.requireID()), viewer: viewer.map(UserID.init), limit: topRunsShown, on: database)
        return .init(route: schema, topRuns: top)
    }

    /// Route `id`'s course to follow on a device: its run's path as `viewer` may see it (a
    /// run made private since the route was shared stays private); 404 unless they may see both.
    static func course(of id: String, seenBy viewer: UUID?, on database: any Database) async throws -> Course {
        let route = try await RouteAccess.visibleRoute(id, to: viewer, on: database)
        let run = try await run(route.$run.id.apiID, on: route, seenBy: viewer, on: database)
        return Course(name: route.name, activity: try run.activity(seenBy: viewer))
    }

    /// Deletes `user`'s route `id` (`RouteSuccession.remove`); 404 unless they made it.
    static func delete(_ id: String, by user: UUID, on database: any Database) async throws {
        let route = try await RouteAccess.visibleRoute(id, to: user, on: database)
        guard route.$creator.id == user else { throw Refusal.notFound("route") }
        let routeID = try route.requireID()
        try await database.retryingTransaction { transaction in
            // Read again inside: a run's deletion may have passed the route on, or removed it, meanwhile.
            guard let current = try await Route.query(on: transaction).filter(\.$id == routeID)
                .filter(\.$creator.$id == user).first() else { throw Refusal.notFound("route") }
            try await RouteSuccession.remove(current, on: transaction)
        }
    }

    /// The first `limit` places (`Paging.limit`) of route `id`'s leaderboard as `viewer`
    /// sees it: 404 unless they may see the route, then 400 for a bad `limit`.
    static func leaderboard(of id: String, seenBy viewer: UUID?, limit: Int?, on database: any Database) async throws -> Components.Schemas.Leaderboard {
        let route = try await RouteAccess.visibleRoute(id, to: viewer, on: database)
        let limit = try Paging.limit(limit)
        let entries = try await Leaderboard.entries(of: RouteID(try route.requireID()), viewer: viewer.map(UserID.init), limit: limit, on: database)
        return .init(routeId: try route.requireID().apiID, entries: entries)
    }

    /// The checkpoints of run `runID` on route `id` (nil: the route's own run) as `viewer`
    /// races them (`RoutePace`); 404 unless they may see the route and the run, and the run is on it.
    static func pace(on id: String, run runID: String?, seenBy viewer: UUID?, on database: any Database) async throws -> Components.Schemas.Pace {
        let (route, run, checkpoints) = try await checkpoints(on: id, run: runID, seenBy: viewer, on: database)
        return .init(routeId: try route.requireID().apiID, runId: try run.requireID().apiID, checkpoints: checkpoints.map(\.schema))
    }

    /// A pacer for route `id` made from `goal` seconds by `strategy` (`PacePlan`), along the
    /// line of the run `runID` names (the creator's by default), as `pace` gives it.
    /// - Throws: 404 as `pace`; 400 for a goal no runner keeps over the route.
    static func plan(on id: String, run runID: String?, goal: Int, strategy: PacePlan.Strategy, seenBy viewer: UUID?,
                     on database: any Database) async throws -> Components.Schemas.PacePlan {
        let (route, run, checkpoints) = try await checkpoints(on: id, run: runID, seenBy: viewer, on: database)
        let plan: PacePlan
        do {
            plan = try PacePlan(route: checkpoints, goal: Double(goal), strategy: strategy)
        } catch {
            throw Refusal.invalid("\(error)")
        }
        return .init(routeId: try route.requireID().apiID, runId: try run.requireID().apiID, goalSeconds: goal, strategy: strategy,
                     splits: plan.splits.map(\.schema), checkpoints: plan.checkpoints.map(\.schema))
    }

    /// Route `id` as `viewer` may see it, its run `runID` (the creator's by default) and that
    /// run's checkpoints on it.
    private static func checkpoints(on id: String, run runID: String?, seenBy viewer: UUID?,
                                    on database: any Database) async throws -> (Route, Run, [Checkpoint]) {
        let route = try await RouteAccess.visibleRoute(id, to: viewer, on: database)
        let run = try await run(runID ?? route.$run.id.uuidString, on: route, seenBy: viewer, on: database)
        return (route, run, try await RoutePace.checkpoints(of: run, on: route, seenBy: viewer, on: database))
    }

    /// The run `id` names, if it is on `route` and `viewer` may see it; 404 otherwise.
    static func run(_ id: String, on route: Route, seenBy viewer: UUID?, on database: any Database) async throws -> Run {
        let run = try await RunAccess.visibleRun(id, to: viewer, on: database)
        guard run.$route.id == route.id else { throw Refusal.notFound("run on this route") }
        return run
    }

    /// A route's name when neither the request nor the run gives one: "Route of" the run's day.
    private static func defaultName(for run: Run) -> String {
        guard let start = run.startTime else { return "Route" }
        return "Route of " + start.formatted(.iso8601.year().month().day())
    }
}
