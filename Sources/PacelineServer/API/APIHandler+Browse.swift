import PacelineAPI

extension APIHandler {
    func browseRoutes(_ input: Operations.BrowseRoutes.Input) async throws -> Operations.BrowseRoutes.Output {
        throw APIError(status: .notImplemented, code: "not_implemented", message: "browseRoutes is not built yet")
    }
}
