import Foundation
import OpenAPIRuntime
import PacelineAPI
import PacelineCore

/// The route planner: the map's coverage, legs and loops (`RoutePlanner`), and planned
/// routes with their courses and pacers (`PlannedRouteBook`).
extension APIHandler {
    func getMapCoverage(_ input: Operations.GetMapCoverage.Input) async throws -> Operations.GetMapCoverage.Output {
        .ok(.init(body: .json(try await RoutePlanner.coverage(on: database))))
    }

    func planLeg(_ input: Operations.PlanLeg.Input) async throws -> Operations.PlanLeg.Output {
        _ = try AuthenticatedUser.required()
        guard case .json(let request) = input.body else { throw Refusal.invalid("send JSON") }
        return .ok(.init(body: .json(try await RoutePlanner.leg(request, on: database))))
    }

    func planLoop(_ input: Operations.PlanLoop.Input) async throws -> Operations.PlanLoop.Output {
        _ = try AuthenticatedUser.required()
        guard case .json(let request) = input.body else { throw Refusal.invalid("send JSON") }
        return .ok(.init(body: .json(try await RoutePlanner.loop(request, on: database))))
    }

    func listPlannedRoutes(_ input: Operations.ListPlannedRoutes.Input) async throws -> Operations.ListPlannedRoutes.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(try await PlannedRouteBook.list(by: user.id, on: database))))
    }

    func createPlannedRoute(_ input: Operations.CreatePlannedRoute.Input) async throws -> Operations.CreatePlannedRoute.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        return .created(.init(body: .json(try await PlannedRouteBook.create(body, by: user.id, on: database))))
    }

    func getPlannedRoute(_ input: Operations.GetPlannedRoute.Input) async throws -> Operations.GetPlannedRoute.Output {
        .ok(.init(body: .json(try await PlannedRouteBook.detail(input.path.plannedRouteId, seenBy: AuthenticatedUser.current?.id, on: database))))
    }

    func updatePlannedRoute(_ input: Operations.UpdatePlannedRoute.Input) async throws -> Operations.UpdatePlannedRoute.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let change) = input.body else { throw Refusal.invalid("send JSON") }
        return .ok(.init(body: .json(try await PlannedRouteBook.update(input.path.plannedRouteId, change, by: user.id, on: database))))
    }

    func deletePlannedRoute(_ input: Operations.DeletePlannedRoute.Input) async throws -> Operations.DeletePlannedRoute.Output {
        let user = try AuthenticatedUser.required()
        try await PlannedRouteBook.delete(input.path.plannedRouteId, by: user.id, on: database)
        return .noContent(.init())
    }

    func getPlannedRouteCourse(_ input: Operations.GetPlannedRouteCourse.Input) async throws -> Operations.GetPlannedRouteCourse.Output {
        let course = try await PlannedRouteBook.course(of: input.path.plannedRouteId, seenBy: AuthenticatedUser.current?.id, on: database)
        switch input.query.format ?? .gpx {
        case .gpx: return .ok(.init(body: .applicationGpxXml(HTTPBody(course.gpx()))))
        case .tcx: return .ok(.init(body: .applicationVnd_garmin_tcxXml(HTTPBody(course.tcx()))))
        case .fit: return .ok(.init(body: .applicationVnd_ant_fit(HTTPBody(course.fit()))))
        }
    }

    func getPlannedRoutePlan(_ input: Operations.GetPlannedRoutePlan.Input) async throws -> Operations.GetPlannedRoutePlan.Output {
        let query = input.query
        let plan = try await PlannedRouteBook.plan(on: input.path.plannedRouteId, goal: query.goalSeconds, strategy: query.strategy ?? .evenEffort,
                                                   seenBy: AuthenticatedUser.current?.id, on: database)
        return .ok(.init(body: .json(plan)))
    }
}
