import PacelineAPI

extension APIHandler {
    func createRoute(_ input: Operations.CreateRoute.Input) async throws -> Operations.CreateRoute.Output {
        throw APIError(status: .notImplemented, code: "not_implemented", message: "createRoute is not built yet")
    }

    func getRoute(_ input: Operations.GetRoute.Input) async throws -> Operations.GetRoute.Output {
        throw APIError(status: .notImplemented, code: "not_implemented", message: "getRoute is not built yet")
    }

    func deleteRoute(_ input: Operations.DeleteRoute.Input) async throws -> Operations.DeleteRoute.Output {
        throw APIError(status: .notImplemented, code: "not_implemented", message: "deleteRoute is not built yet")
    }

    func addRouteRun(_ input: Operations.AddRouteRun.Input) async throws -> Operations.AddRouteRun.Output {
        throw APIError(status: .notImplemented, code: "not_implemented", message: "addRouteRun is not built yet")
    }

    func getLeaderboard(_ input: Operations.GetLeaderboard.Input) async throws -> Operations.GetLeaderboard.Output {
        throw APIError(status: .notImplemented, code: "not_implemented", message: "getLeaderboard is not built yet")
    }

    func getPace(_ input: Operations.GetPace.Input) async throws -> Operations.GetPace.Output {
        throw APIError(status: .notImplemented, code: "not_implemented", message: "getPace is not built yet")
    }

    func compareRuns(_ input: Operations.CompareRuns.Input) async throws -> Operations.CompareRuns.Output {
        throw APIError(status: .notImplemented, code: "not_implemented", message: "compareRuns is not built yet")
    }
}
