import Fluent
import Foundation
import PacelineAPI

extension Route {
    /// The route as the API shows it, with its runners and whether the viewer marked it;
    /// `creator` must be loaded (`.with(\.$creator)`).
    func schema(runners: Int, averageElapsed: Double?, isFavourite: Bool) -> Components.Schemas.Route {
        .init(
            id: id?.apiID ?? "",
            name: name,
            creator: creator.summary,
            runId: $run.id.apiID,
            privacy: privacy,
            distanceMeters: distanceMeters,
            start: .init(latitude: startLatitude, longitude: startLongitude),
            end: .init(latitude: endLatitude, longitude: endLongitude),
            runners: runners,
            averageElapsedSeconds: averageElapsed,
            isFavourite: isFavourite,
            createdAt: createdAt ?? Date(),
            updatedAt: updatedAt ?? Date()
        )
    }

    /// `routes` as the API shows them to `viewer` (nil: anonymous, who has no
    /// favourites), in their order, with three queries for all of them: runners from the
    /// leaderboard (`RouteRunners`), the viewer's favourites and the likes (unless the
    /// caller counted them already: `likes`). Creators must be loaded.
    static func schemas(_ routes: [Route], viewer: UUID?, likes counted: [UUID: Int]? = nil,
                        on database: any Database) async throws -> [Components.Schemas.Route] {
        let ids = routes.compactMap(\.id)
        let runners = try await RouteRunners.of(ids, viewer: viewer, on: database)
        let favourites = try await favouriteIDs(of: viewer, among: ids, on: database)
        let likes: [UUID: Int]
        if let counted { likes = counted } else { likes = try await RouteLikes.counts(of: ids, on: database) }
        return routes.map { route in
            let counts = route.id.flatMap { runners[$0] } ?? .none
            var schema = route.schema(runners: counts.runners, averageElapsed: counts.averageElapsedSeconds,
                                      isFavourite: route.id.map(favourites.contains) ?? false)
            schema.likes = route.id.flatMap { likes[$0] } ?? 0
            return schema
        }
    }

    /// Which of `routeIDs` `viewer` has among their favourites (and did not remove).
    private static func favouriteIDs(of viewer: UUID?, among routeIDs: [UUID], on database: any Database) async throws -> Set<UUID> {
        guard let viewer, !routeIDs.isEmpty else { return [] }
        return Set(try await Favourite.query(on: database)
            .filter(\.$user.$id == viewer)
            .filter(\.$route.$id ~~ routeIDs)
            .filter(\.$removed == false)
            .all(\.$route.$id))
    }
}
