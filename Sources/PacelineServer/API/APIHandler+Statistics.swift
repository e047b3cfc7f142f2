import PacelineAPI

extension APIHandler {
    func getStatistics(_ input: Operations.GetStatistics.Input) async throws -> Operations.GetStatistics.Output {
        throw APIError(status: .notImplemented, code: "not_implemented", message: "getStatistics is not built yet")
    }
}
