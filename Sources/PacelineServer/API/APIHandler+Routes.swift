import Fluent
import Foundation
import OpenAPIRuntime
import PacelineAPI
import PacelineCore

extension APIHandler {
    /// Places shown with a route's detail.
    static let topRunsShown = 10

    func createRoute(_ input: Operations.CreateRoute.Input) async throws -> Operations.CreateRoute.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let creation) = input.body else { throw Refusal.invalid("send JSON") }
        let run = try await RunAccess.ownedRun(creation.runId, by: user.id, on: database)
        guard !run.isVirtual else { throw Refusal.unprocessable(RunAccess.virtualWorld) }
        if let routeID = run.$route.id {
            throw Refusal.conflict("the run is already on route \(routeID.apiID)")
        }
        let checkpoints = try run.checkpoints()
        guard let last = checkpoints.last else { throw Refusal.unprocessable("the run has no path") }
        let route = Route()
        route.$creator.id = user.id
        route.$run.id = try run.requireID()
        route.name = try TextInput.checked(creation.name, "name", .name).flatMap { $0.isEmpty ? nil : $0 } ?? run.name ?? Self.defaultName(for: run)
        route.privacy = run.privacy
        guard RoutePlacement.place(route, along: checkpoints, hiding: run.owner.privacyZones) else {
            throw Refusal.unprocessable("the whole run lies inside your privacy zones: nothing of it could be shown as a route")
        }
        try await database.retryingTransaction { transaction in
            try await route.create(on: transaction)
            let routeID = try route.requireID()
            try await RouteRun(routeID: routeID, runID: try run.requireID(), runnerID: user.id, elapsedSeconds: last.elapsed,
                               coverage: 1, runDate: run.startTime ?? Date()).create(on: transaction)
            run.$route.id = routeID
            try await run.save(on: transaction)
            try await RouteGrid.add(route, on: transaction)
        }
        route.$creator.value = run.owner
        return .created(.init(body: .json(try await Route.schemas([route], viewer: user.id, on: database)[0])))
    }

    func getRoute(_ input: Operations.GetRoute.Input) async throws -> Operations.GetRoute.Output {
        let viewer = AuthenticatedUser.current?.id
        let route = try await RouteAccess.visibleRoute(input.path.routeId, to: viewer, on: database)
        let schema = try await Route.schemas([route], viewer: viewer, on: database)[0]
        let top = try await Leaderboard.entries(of: try route.requireID(), viewer: viewer, limit: Self.topRunsShown, on: database)
        return .ok(.init(body: .json(.init(route: schema, topRuns: top))))
    }

    func getRouteCourse(_ input: Operations.GetRouteCourse.Input) async throws -> Operations.GetRouteCourse.Output {
        let viewer = AuthenticatedUser.current?.id
        let route = try await RouteAccess.visibleRoute(input.path.routeId, to: viewer, on: database)
        // The path is the run's: one made private since the route was shared stays private.
        let run = try await runOnRoute(route.$run.id.apiID, route: route, viewer: viewer)
        let course = Course(name: route.name, activity: try run.activity(seenBy: viewer))
        switch input.query.format ?? .gpx {
        case .gpx: return .ok(.init(body: .applicationGpxXml(HTTPBody(course.gpx()))))
        case .tcx: return .ok(.init(body: .applicationVnd_garmin_tcxXml(HTTPBody(course.tcx()))))
        case .fit: return .ok(.init(body: .applicationVnd_ant_fit(HTTPBody(course.fit()))))
        }
    }

    func deleteRoute(_ input: Operations.DeleteRoute.Input) async throws -> Operations.DeleteRoute.Output {
        let user = try AuthenticatedUser.required()
        let route = try await RouteAccess.visibleRoute(input.path.routeId, to: user.id, on: database)
        guard route.$creator.id == user.id else { throw Refusal.notFound("route") }
        let routeID = try route.requireID()
        try await database.retryingTransaction { transaction in
            // Read again inside: a run's deletion may have passed the route on, or removed it, meanwhile.
            guard let current = try await Route.query(on: transaction).filter(\.$id == routeID)
                .filter(\.$creator.$id == user.id).first() else { throw Refusal.notFound("route") }
            try await RouteSuccession.remove(current, on: transaction)
        }
        return .noContent(.init())
    }

    func addRouteRun(_ input: Operations.AddRouteRun.Input) async throws -> Operations.AddRouteRun.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let addition) = input.body else { throw Refusal.invalid("send JSON") }
        let route = try await RouteAccess.visibleRoute(input.path.routeId, to: user.id, on: database)
        let routeID = try route.requireID()
        let run = try await RunAccess.ownedRun(addition.runId, by: user.id, on: database)
        let runID = try run.requireID()
        if let existing = run.$route.id {
            throw Refusal.conflict(existing == routeID ? "the run is already on this route"
                                                         : "the run is on another route, \(existing.apiID)")
        }
        let (result, shortfall) = try await RouteJoin.attempt(run, to: route, on: database)
        if let shortfall { return .unprocessableContent(.init(body: .json(Self.refusal(shortfall, result)))) }
        let rank = try await Leaderboard.rank(of: user.id, on: routeID, on: database)
        return .created(.init(body: .json(.init(routeId: routeID.apiID, runId: runID.apiID,
                                                coverage: result.coverage, elapsedSeconds: result.finish.elapsedSeconds, rank: rank))))
    }

    func getLeaderboard(_ input: Operations.GetLeaderboard.Input) async throws -> Operations.GetLeaderboard.Output {
        let viewer = AuthenticatedUser.current?.id
        let route = try await RouteAccess.visibleRoute(input.path.routeId, to: viewer, on: database)
        let limit = try Paging.limit(input.query.limit)
        let entries = try await Leaderboard.entries(of: try route.requireID(), viewer: viewer, limit: limit, on: database)
        return .ok(.init(body: .json(.init(routeId: try route.requireID().apiID, entries: entries))))
    }

    func getPace(_ input: Operations.GetPace.Input) async throws -> Operations.GetPace.Output {
        let viewer = AuthenticatedUser.current?.id
        let route = try await RouteAccess.visibleRoute(input.path.routeId, to: viewer, on: database)
        let run = try await runOnRoute(input.query.runId ?? route.$run.id.uuidString, route: route, viewer: viewer)
        let checkpoints = try await RoutePace.checkpoints(of: run, on: route, seenBy: viewer, on: database).map { checkpoint in
            Components.Schemas.Checkpoint(
                latitude: checkpoint.coordinate.latitude, longitude: checkpoint.coordinate.longitude,
                distanceMeters: checkpoint.distance, elapsedSeconds: checkpoint.elapsed,
                speedMetersPerSecond: checkpoint.speed, elevationMeters: checkpoint.elevation)
        }
        return .ok(.init(body: .json(.init(routeId: try route.requireID().apiID,
                                           runId: try run.requireID().apiID, checkpoints: checkpoints))))
    }

    func compareRuns(_ input: Operations.CompareRuns.Input) async throws -> Operations.CompareRuns.Output {
        let viewer = AuthenticatedUser.current?.id
        let route = try await RouteAccess.visibleRoute(input.path.routeId, to: viewer, on: database)
        let a = try await runOnRoute(input.query.a, route: route, viewer: viewer)
        let b = try await runOnRoute(input.query.b, route: route, viewer: viewer)
        let interval = Double(input.query.interval ?? 10)
        guard interval >= 1, interval <= 600 else { throw Refusal.invalid("interval must be 1 to 600 seconds") }
        // Each run as the viewer may see it: nothing inside its owner's zones, its distances
        // and times counted from where it is first seen, as its series are.
        let comparison: RunComparison
        do {
            comparison = try RunComparison(try a.activity(seenBy: viewer), try b.activity(seenBy: viewer))
        } catch {
            throw Refusal.unprocessable("the runs can't be compared: \(error)")
        }
        let gaps = comparison.gaps.map {
            Components.Schemas.ComparisonGap(distanceMeters: $0.distanceMeters, aSeconds: $0.aSeconds, bSeconds: $0.bSeconds,
                                             gapSeconds: $0.gapSeconds)
        }
        let end = max(comparison.a.last?.elapsed ?? 0, comparison.b.last?.elapsed ?? 0)
        // A moment between two shown stretches is drawn between their ends, which can cross
        // a zone: such a position is left out.
        let (hiddenA, hiddenB) = (a.zones(hiddenFrom: viewer), b.zones(hiddenFrom: viewer))
        let moments = stride(from: 0.0, through: end, by: interval).map { elapsed in
            var (pa, pb) = comparison.positions(at: elapsed)
            if let position = pa, hiddenA.hide(position.coordinate) { pa = nil }
            if let position = pb, hiddenB.hide(position.coordinate) { pb = nil }
            return Components.Schemas.ComparisonMoment(
                elapsedSeconds: elapsed,
                a: pa.map { .init(latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude, distanceMeters: $0.distanceMeters) },
                b: pb.map { .init(latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude, distanceMeters: $0.distanceMeters) })
        }
        return .ok(.init(body: .json(.init(a: a.schema(seenBy: viewer), b: b.schema(seenBy: viewer), coverage: comparison.result.coverage, gaps: gaps, moments: moments))))
    }

    /// The run `id` names, if it is on `route` and `viewer` may see it; 404 otherwise.
    private func runOnRoute(_ id: String, route: Route, viewer: UUID?) async throws -> Run {
        let run = try await RunAccess.visibleRun(id, to: viewer, on: database)
        guard run.$route.id == route.id else { throw Refusal.notFound("run on this route") }
        return run
    }

    private static func refusal(_ shortfall: RouteJoin.Shortfall, _ result: FollowResult) -> Components.Schemas.FollowRefusal {
        if case .impossiblyFast(let minimum) = shortfall {
            let message = "the run's time on the route, \(Int(result.finish.elapsedSeconds)) s, is faster than its sport's maximum speed allows (at least \(Int(minimum.rounded(.up))) s)"
            return .init(error: .init(code: "too_fast", message: message), coverage: result.coverage, suggestion: .createRoute)
        }
        let percent = Int((result.coverage * 100).rounded())
        let message = result.classification == .follow
            ? "the run covered \(percent)% of the route but did not reach its end; it can become a new route instead"
            : "the run covered \(percent)% of the route (\(Int(FollowResult.followThreshold * 100))% is needed to join it); it can become a new route instead"
        return .init(error: .init(code: "not_a_follow", message: message), coverage: result.coverage, suggestion: .createRoute)
    }

    private static func defaultName(for run: Run) -> String {
        guard let start = run.startTime else { return "Route" }
        return "Route of " + start.formatted(.iso8601.year().month().day())
    }
}
