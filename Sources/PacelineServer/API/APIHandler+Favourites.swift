import Fluent
import Foundation
import PacelineAPI

extension APIHandler {
    func addFavourite(_ input: Operations.AddFavourite.Input) async throws -> Operations.AddFavourite.Output {
        let user = try AuthenticatedUser.required()
        let route = try await RouteAccess.visibleRoute(input.path.routeId, to: user.id, on: database)
        let routeID = try route.requireID()
        if let favourite = try await favourite(of: user.id, route: routeID) {
            if favourite.removed {
                favourite.removed = false
                try await favourite.save(on: database)
            }
        } else {
            do {
                try await Favourite(userID: user.id, routeID: routeID).create(on: database)
            } catch {
                // A concurrent identical request made it first: the route is a favourite.
                guard (error as? any DatabaseError)?.isConstraintFailure == true else { throw error }
            }
        }
        return .noContent(.init())
    }

    func removeFavourite(_ input: Operations.RemoveFavourite.Input) async throws -> Operations.RemoveFavourite.Output {
        let user = try AuthenticatedUser.required()
        guard let routeID = UUID(uuidString: input.path.routeId) else { throw Refusal.notFound("route") }
        if let favourite = try await favourite(of: user.id, route: routeID), !favourite.removed {
            favourite.removed = true
            try await favourite.save(on: database)
        }
        return .noContent(.init())
    }

    func listFavourites(_ input: Operations.ListFavourites.Input) async throws -> Operations.ListFavourites.Output {
        let user = try AuthenticatedUser.required()
        var query = Favourite.query(on: database).filter(\.$user.$id == user.id).sort(\.$updatedAt, .descending)
        if let since = input.query.updatedSince { query = query.filter(\.$updatedAt > since) }
        let favourites = try await query.all()
        let routeIDs = favourites.filter { !$0.removed }.map { $0.$route.id }
        let viewer = try await Viewer.load(user.id, on: database)
        let routes = routeIDs.isEmpty ? [] : try await Route.query(on: database).filter(\.$id ~~ routeIDs).with(\.$creator).all()
            .filter { viewer.maySee(owner: $0.$creator.id, privacy: $0.privacy) }
        let byID = Dictionary(uniqueKeysWithValues: routes.compactMap { route in route.id.map { ($0, route) } })
        let ordered = routeIDs.compactMap { byID[$0] }
        let removed = favourites.filter { $0.removed || byID[$0.$route.id] == nil }.map { $0.$route.id.apiID }
        let list = Components.Schemas.FavouriteList(
            routes: try await Route.schemas(ordered, viewer: user.id, on: database),
            removedIds: input.query.updatedSince == nil ? [] : removed)
        let tag = try ETag.of(list)
        if ETag.matches(tag, input.headers.ifNoneMatch) { return .notModified(.init(headers: .init(eTag: tag))) }
        return .ok(.init(headers: .init(eTag: tag), body: .json(list)))
    }

    private func favourite(of user: UUID, route: UUID) async throws -> Favourite? {
        try await Favourite.query(on: database).filter(\.$user.$id == user).filter(\.$route.$id == route).first()
    }
}
