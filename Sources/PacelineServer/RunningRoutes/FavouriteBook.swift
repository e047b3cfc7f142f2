import Fluent
import Foundation
import PacelineAPI

/// A runner's favourite routes: marking one, unmarking it, and the list a client keeps in
/// step (`since`: what changed, and what went). An unmarked favourite keeps its row,
/// marked removed, so a client syncing learns it went. Handlers decode, call one of these,
/// and encode.
enum FavouriteBook {
    /// Marks route `id` a favourite of `user`'s (again, if they had unmarked it); marking it
    /// twice changes nothing. 404 unless they may see it (`RouteAccess`).
    static func add(_ id: String, of user: UUID, on database: any Database) async throws {
        let route = try await RouteAccess.visibleRoute(id, to: user, on: database)
        let routeID = try route.requireID()
        if let favourite = try await favourite(of: UserID(user), route: RouteID(routeID), on: database) {
            if favourite.removed {
                favourite.removed = false
                try await favourite.save(on: database)
            }
        } else {
            do {
                try await Favourite(userID: user, routeID: routeID).create(on: database)
            } catch {
                // A concurrent identical request made it first: the route is a favourite.
                guard (error as? any DatabaseError)?.isConstraintFailure == true else { throw error }
            }
        }
    }

    /// Unmarks route `id` for `user` (nothing to do when it was not marked); 404 when `id`
    /// is not a route id.
    static func remove(_ id: String, of user: UUID, on database: any Database) async throws {
        guard let routeID = UUID(uuidString: id) else { throw Refusal.notFound("route") }
        if let favourite = try await favourite(of: UserID(user), route: RouteID(routeID), on: database), !favourite.removed {
            favourite.removed = true
            try await favourite.save(on: database)
        }
    }

    /// `user`'s favourite routes they may still see, latest marked first, each drawn small
    /// (`RouteShape`); with `since`, only
    /// those changed since then, and the ids of those unmarked or no longer visible.
    static func list(of user: UUID, changedSince since: Date?, on database: any Database) async throws -> Components.Schemas.FavouriteList {
        var query = Favourite.query(on: database).filter(\.$user.$id == user).sort(\.$updatedAt, .descending)
        if let since { query = query.filter(\.$updatedAt > since) }
        let favourites = try await query.all()
        let routeIDs = favourites.filter { !$0.removed }.map { $0.$route.id }
        let viewer = try await Viewer.load(user, on: database)
        let routes = routeIDs.isEmpty ? [] : try await Route.query(on: database).filter(\.$id ~~ routeIDs).with(\.$creator).all()
            .filter { viewer.maySee(owner: $0.$creator.id, privacy: $0.privacy) }
        let byID = Dictionary(uniqueKeysWithValues: routes.compactMap { route in route.id.map { ($0, route) } })
        let ordered = routeIDs.compactMap { byID[$0] }
        let removed = favourites.filter { $0.removed || byID[$0.$route.id] == nil }.map { $0.$route.id.apiID }
        let shapes = try await RouteShape.of(ordered, viewer: user, on: database)
        let schemas = try await Route.schemas(ordered, viewer: user, on: database).map { route in
            var shaped = route
            shaped.shape = UUID(uuidString: route.id).flatMap { shapes[$0] }
            return shaped
        }
        return Components.Schemas.FavouriteList(routes: schemas, removedIds: since == nil ? [] : removed)
    }

    /// `user`'s favourite row of `route`, marked or unmarked, if they ever marked it.
    private static func favourite(of user: UserID, route: RouteID, on database: any Database) async throws -> Favourite? {
        try await Favourite.query(on: database).filter(\.$user.$id == user.uuid).filter(\.$route.$id == route.uuid).first()
    }
}
