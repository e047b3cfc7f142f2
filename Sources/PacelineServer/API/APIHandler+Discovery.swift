import PacelineAPI
import PacelineCore

extension APIHandler {
    func listPointsOfInterest(_ input: Operations.ListPointsOfInterest.Input) async throws -> Operations.ListPointsOfInterest.Output {
        let q = input.query
        guard [q.south, q.west, q.north, q.east].allSatisfy(\.isFinite), (-90...90).contains(q.south), (-90...90).contains(q.north),
              (-180...180).contains(q.west), (-180...180).contains(q.east) else {
            throw Refusal.invalid("south and north must be -90 to 90, west and east -180 to 180")
        }
        guard q.south <= q.north else { throw Refusal.invalid("south must not be north of north") }
        let width = q.west <= q.east ? q.east - q.west : 360 - q.west + q.east
        guard q.north - q.south <= PointsOfInterest.largestBoxDegrees, width <= PointsOfInterest.largestBoxDegrees else {
            throw Refusal.invalid("the box may span at most \(PointsOfInterest.largestBoxDegrees)° each way")
        }
        let limit = q.limit ?? 200
        guard (1...500).contains(limit) else { throw Refusal.invalid("limit must be 1 to 500") }
        var centreLongitude = q.west + width / 2
        if centreLongitude > 180 { centreLongitude -= 360 }
        let centre = Coordinate(latitude: (q.south + q.north) / 2, longitude: centreLongitude)
        let points = try await PointsOfInterest.listed(in: BoundingBox.viewport(west: q.west, south: q.south, east: q.east, north: q.north),
                                                       centre: centre, limit: limit, viewer: AuthenticatedUser.current?.id, on: database)
        return .ok(.init(body: .json(.init(points: points))))
    }

    func getPointOfInterest(_ input: Operations.GetPointOfInterest.Input) async throws -> Operations.GetPointOfInterest.Output {
        let detail = try await PointsOfInterest.detail(input.path.poiId, seenBy: AuthenticatedUser.current?.id, on: database)
        return .ok(.init(body: .json(detail)))
    }

    func addFavouritePointOfInterest(_ input: Operations.AddFavouritePointOfInterest.Input) async throws -> Operations.AddFavouritePointOfInterest.Output {
        let user = try AuthenticatedUser.required()
        try await PointsOfInterest.addFavourite(input.path.poiId, of: user.id, on: database)
        return .noContent(.init())
    }

    func removeFavouritePointOfInterest(_ input: Operations.RemoveFavouritePointOfInterest.Input) async throws -> Operations.RemoveFavouritePointOfInterest.Output {
        let user = try AuthenticatedUser.required()
        try await PointsOfInterest.removeFavourite(input.path.poiId, of: user.id, on: database)
        return .noContent(.init())
    }

    func listDiscoveries(_ input: Operations.ListDiscoveries.Input) async throws -> Operations.ListDiscoveries.Output {
        let user = try AuthenticatedUser.required()
        let limit = input.query.limit ?? 100
        guard (1...500).contains(limit) else { throw Refusal.invalid("limit must be 1 to 500") }
        return .ok(.init(body: .json(.init(discoveries: try await Discoveries.of(user.id, limit: limit, on: database)))))
    }

    func listFavouritePointsOfInterest(_ input: Operations.ListFavouritePointsOfInterest.Input) async throws -> Operations.ListFavouritePointsOfInterest.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(.init(points: try await PointsOfInterest.favourites(of: user.id, on: database)))))
    }

    func listRunDiscoveries(_ input: Operations.ListRunDiscoveries.Input) async throws -> Operations.ListRunDiscoveries.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(.init(discoveries: try await Discoveries.of(run: input.path.runId, ownedBy: user.id, on: database)))))
    }

    func likeRoute(_ input: Operations.LikeRoute.Input) async throws -> Operations.LikeRoute.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(try await RouteLikes.set(true, route: input.path.routeId, by: user.id, on: database))))
    }

    func unlikeRoute(_ input: Operations.UnlikeRoute.Input) async throws -> Operations.UnlikeRoute.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(try await RouteLikes.set(false, route: input.path.routeId, by: user.id, on: database))))
    }

    func listPopularRoutes(_ input: Operations.ListPopularRoutes.Input) async throws -> Operations.ListPopularRoutes.Output {
        let q = input.query
        guard q.latitude.isFinite, q.longitude.isFinite, (-85...85).contains(q.latitude), (-180...180).contains(q.longitude) else {
            throw Refusal.invalid("latitude must be -85 to 85 and longitude -180 to 180")
        }
        let radius = q.radiusMeters ?? 10_000
        guard radius.isFinite, (100...50_000).contains(radius) else { throw Refusal.invalid("radiusMeters must be 100 to 50000") }
        let limit = try Paging.limit(q.limit)
        let routes = try await PopularRoutes.near(Coordinate(latitude: q.latitude, longitude: q.longitude), radius: radius, limit: limit,
                                                  viewer: AuthenticatedUser.current?.id, on: database)
        return .ok(.init(body: .json(.init(routes: routes))))
    }
}
