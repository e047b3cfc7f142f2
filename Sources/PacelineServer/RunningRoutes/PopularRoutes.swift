import Fluent
import Foundation
import PacelineAPI
import PacelineCore
import SQLKit

/// "Popular near you": public routes starting near a point, by
/// score = runners + likes / 2, then distance.
enum PopularRoutes {
    /// What a like is worth against a runner: a run took more than a tap.
    static let likeWeight = 0.5

    /// The public routes starting within `radius` metres of `point`, most popular first.
    ///
    /// The candidates come from the `routes_cell` index (the start's finest grid cell,
    /// as map browsing uses) over the cells covering the circle's box; each is then
    /// measured exactly. Runners count public runs only, so the ranking is the same for
    /// everyone; the routes are shown as the viewer sees them.
    /// - Complexity: O(k) for k public routes starting in the box, plus 5 grouped queries.
    static func near(_ point: Coordinate, radius: Double, limit: Int, viewer: UUID?, on database: any Database) async throws
        -> [Components.Schemas.PopularRoute]
    {
        let dLatitude = radius / 110_574, dLongitude = radius / (111_320 * max(cos(point.latitude * .pi / 180), 0.01))
        let box = BoundingBox(south: max(point.latitude - dLatitude, -85), west: max(point.longitude - dLongitude, -180),
                              north: min(point.latitude + dLatitude, 85), east: min(point.longitude + dLongitude, 180))
        let cells = WebMercatorGrid.cells(covering: box, at: WebMercatorGrid.finestLevel)
        let candidates = try await Route.query(on: database)
            .filter(\.$cellX >= cells.x.lowerBound).filter(\.$cellX <= cells.x.upperBound)
            .filter(\.$cellY >= cells.y.lowerBound).filter(\.$cellY <= cells.y.upperBound)
            .filter(\.$privacy == Privacy.public)
            .with(\.$creator).all()
        var distances: [UUID: Double] = [:]
        let near = candidates.filter { route in
            let distance = Geodesy.distance(point, Coordinate(latitude: route.startLatitude, longitude: route.startLongitude))
            distances[route.id!] = distance
            return distance <= radius
        }
        let ids = near.compactMap(\.id)
        let runners = try await RouteRunners.of(ids, viewer: nil, on: database)
        let likes = try await RouteLikes.counts(of: ids, on: database)
        func score(_ id: UUID) -> Double { Double(runners[id]?.runners ?? 0) + likeWeight * Double(likes[id] ?? 0) }
        let ranked = near.sorted { a, b in
            let (sa, sb) = (score(a.id!), score(b.id!))
            return sa != sb ? sa > sb : (distances[a.id!]!, a.id!.uuidString) < (distances[b.id!]!, b.id!.uuidString)
        }.prefix(limit)
        let schemas = try await Route.schemas(Array(ranked), viewer: viewer, likes: likes, on: database)
        let liked = try await RouteLikes.liked(by: viewer, among: ids, on: database)
        return zip(ranked, schemas).map { route, schema in
            let id = route.id!
            return .init(route: schema, likes: likes[id] ?? 0, liked: liked.contains(id), score: score(id), distanceMeters: distances[id]!)
        }
    }
}
