import PacelineAPI

extension APIHandler {
    func listRuns(_ input: Operations.ListRuns.Input) async throws -> Operations.ListRuns.Output {
        throw APIError(status: .notImplemented, code: "not_implemented", message: "listRuns is not built yet")
    }

    func uploadRun(_ input: Operations.UploadRun.Input) async throws -> Operations.UploadRun.Output {
        throw APIError(status: .notImplemented, code: "not_implemented", message: "uploadRun is not built yet")
    }

    func getRun(_ input: Operations.GetRun.Input) async throws -> Operations.GetRun.Output {
        throw APIError(status: .notImplemented, code: "not_implemented", message: "getRun is not built yet")
    }

    func updateRun(_ input: Operations.UpdateRun.Input) async throws -> Operations.UpdateRun.Output {
        throw APIError(status: .notImplemented, code: "not_implemented", message: "updateRun is not built yet")
    }

    func deleteRun(_ input: Operations.DeleteRun.Input) async throws -> Operations.DeleteRun.Output {
        throw APIError(status: .notImplemented, code: "not_implemented", message: "deleteRun is not built yet")
    }

    func getRunTrack(_ input: Operations.GetRunTrack.Input) async throws -> Operations.GetRunTrack.Output {
        throw APIError(status: .notImplemented, code: "not_implemented", message: "getRunTrack is not built yet")
    }

    func getRunSeries(_ input: Operations.GetRunSeries.Input) async throws -> Operations.GetRunSeries.Output {
        throw APIError(status: .notImplemented, code: "not_implemented", message: "getRunSeries is not built yet")
    }

    func exportRun(_ input: Operations.ExportRun.Input) async throws -> Operations.ExportRun.Output {
        throw APIError(status: .notImplemented, code: "not_implemented", message: "exportRun is not built yet")
    }
}
