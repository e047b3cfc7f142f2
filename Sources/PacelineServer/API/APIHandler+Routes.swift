import OpenAPIRuntime
import PacelineAPI
import PacelineCore

extension APIHandler {
    func createRoute(_ input: Operations.CreateRoute.Input) async throws -> Operations.CreateRoute.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let creation) = input.body else { throw Refusal.invalid("send JSON") }
        let route = try await RouteBook.create(from: creation.runId, by: user.id, name: creation.name, on: database)
        return .created(.init(body: .json(route)))
    }

    func getRoute(_ input: Operations.GetRoute.Input) async throws -> Operations.GetRoute.Output {
        .ok(.init(body: .json(try await RouteBook.detail(input.path.routeId, seenBy: AuthenticatedUser.current?.id, on: database))))
    }

    func getRouteCourse(_ input: Operations.GetRouteCourse.Input) async throws -> Operations.GetRouteCourse.Output {
        let course = try await RouteBook.course(of: input.path.routeId, seenBy: AuthenticatedUser.current?.id, on: database)
        switch input.query.format ?? .gpx {
        case .gpx: return .ok(.init(body: .applicationGpxXml(HTTPBody(course.gpx()))))
        case .tcx: return .ok(.init(body: .applicationVnd_garmin_tcxXml(HTTPBody(course.tcx()))))
        case .fit: return .ok(.init(body: .applicationVnd_ant_fit(HTTPBody(course.fit()))))
        }
    }

    func deleteRoute(_ input: Operations.DeleteRoute.Input) async throws -> Operations.DeleteRoute.Output {
        let user = try AuthenticatedUser.required()
        try await RouteBook.delete(input.path.routeId, by: user.id, on: database)
        return .noContent(.init())
    }

    func addRouteRun(_ input: Operations.AddRouteRun.Input) async throws -> Operations.AddRouteRun.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let addition) = input.body else { throw Refusal.invalid("send JSON") }
        switch try await RouteBook.join(run: addition.runId, to: input.path.routeId, by: user.id, on: database) {
        case .joined(let entry): return .created(.init(body: .json(entry)))
        case .fellShort(let shortfall, let result): return .unprocessableContent(.init(body: .json(Self.refusal(shortfall, result))))
        }
    }

    func getLeaderboard(_ input: Operations.GetLeaderboard.Input) async throws -> Operations.GetLeaderboard.Output {
        let board = try await RouteBook.leaderboard(of: input.path.routeId, seenBy: AuthenticatedUser.current?.id,
                                                    limit: input.query.limit, on: database)
        return .ok(.init(body: .json(board)))
    }

    func getPace(_ input: Operations.GetPace.Input) async throws -> Operations.GetPace.Output {
        let pace = try await RouteBook.pace(on: input.path.routeId, run: input.query.runId, seenBy: AuthenticatedUser.current?.id,
                                            on: database)
        return .ok(.init(body: .json(pace)))
    }

    func getPacePlan(_ input: Operations.GetPacePlan.Input) async throws -> Operations.GetPacePlan.Output {
        let query = input.query
        let plan = try await RouteBook.plan(on: input.path.routeId, run: query.runId, goal: query.goalSeconds, strategy: query.strategy ?? .evenEffort,
                                            seenBy: AuthenticatedUser.current?.id, on: database)
        return .ok(.init(body: .json(plan)))
    }

    func compareRuns(_ input: Operations.CompareRuns.Input) async throws -> Operations.CompareRuns.Output {
        let comparison = try await RouteBook.compare(input.query.a, input.query.b, on: input.path.routeId, every: input.query.interval,
                                                     seenBy: AuthenticatedUser.current?.id, on: database)
        return .ok(.init(body: .json(comparison)))
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
}
