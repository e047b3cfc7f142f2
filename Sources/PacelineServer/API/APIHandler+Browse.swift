import Foundation
import PacelineAPI
import PacelineCore

extension APIHandler {
    func browseRoutes(_ input: Operations.BrowseRoutes.Input) async throws -> Operations.BrowseRoutes.Output {
        guard RouteBrowser.zooms.contains(input.query.zoom) else {
            throw Refusal.invalid("zoom must be within \(RouteBrowser.zooms.lowerBound)…\(RouteBrowser.zooms.upperBound)")
        }
        let viewport = try Viewport(bbox: input.query.bbox)
        let browse = try await RouteBrowser(database: reads)
            .browse(viewport, zoom: input.query.zoom, viewer: AuthenticatedUser.current?.id)
        return .ok(.init(body: .json(browse)))
    }

    func searchByName(_ input: Operations.SearchByName.Input) async throws -> Operations.SearchByName.Output {
        let query = input.query
        let text = try TextInput.checked(query.q, "q", .search).trimmingCharacters(in: .whitespacesAndNewlines)
        guard (NameSearch.minimumLength...NameSearch.maximumLength).contains(text.unicodeScalars.count) else {
            throw Refusal.invalid("q: search for \(NameSearch.minimumLength) to \(NameSearch.maximumLength) characters of a name")
        }
        let near: Coordinate?
        switch (query.latitude, query.longitude) {
        case (nil, nil): near = nil
        case let (latitude?, longitude?):
            guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude) else {
                throw Refusal.invalid("latitude must be -90 to 90 and longitude -180 to 180")
            }
            near = Coordinate(latitude: latitude, longitude: longitude)
        default: throw Refusal.invalid("give latitude and longitude together, or neither")
        }
        let results = try await NameSearch(database: reads).results(matching: text, viewer: AuthenticatedUser.current?.id, near: near)
        return .ok(.init(body: .json(results)))
    }
}
