import PacelineAPI

extension APIHandler {
    func browseRoutes(_ input: Operations.BrowseRoutes.Input) async throws -> Operations.BrowseRoutes.Output {
        guard RouteBrowser.zooms.contains(input.query.zoom) else {
            throw APIError.badRequest("zoom must be within \(RouteBrowser.zooms.lowerBound)…\(RouteBrowser.zooms.upperBound)")
        }
        let viewport = try Viewport(bbox: input.query.bbox)
        let browse = try await RouteBrowser(database: database)
            .browse(viewport, zoom: input.query.zoom, viewer: AuthenticatedUser.current?.id)
        return .ok(.init(body: .json(browse)))
    }
}
