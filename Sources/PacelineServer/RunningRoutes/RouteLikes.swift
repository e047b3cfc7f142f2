import Fluent
import Foundation
import PacelineAPI
import SQLKit

/// Likes of routes: one per user and route; counts in one grouped query for any number
/// of routes.
enum RouteLikes {
    /// How many people like each of `routeIDs` (routes no one likes are absent).
    static func counts(of routeIDs: [UUID], on database: any Database) async throws -> [UUID: Int] {
        guard !routeIDs.isEmpty else { return [:] }
        var counts: [UUID: Int] = [:]
        for row in try await database.sql.raw("""
            SELECT route_id, COUNT(*) AS likes FROM route_likes WHERE route_id IN (\(binds: routeIDs)) GROUP BY route_id
            """).all() {
            counts[try row.decode(column: "route_id", as: UUID.self)] = try row.decode(column: "likes", as: Int.self)
        }
        return counts
    }

    /// Which of `routeIDs` `viewer` likes.
    static func liked(by viewer: UUID?, among routeIDs: [UUID], on database: any Database) async throws -> Set<UUID> {
        guard let viewer, !routeIDs.isEmpty else { return [] }
        return Set(try await RouteLike.query(on: database).filter(\.$user.$id == viewer).filter(\.$route.$id ~~ routeIDs).all(\.$route.$id))
    }

    /// Likes (`like` true) or unlikes route `id` for `user`, and answers its likes; 404
    /// unless they may see it (`RouteAccess`).
    static func set(_ like: Bool, route id: String, by user: UUID, on database: any Database) async throws -> Components.Schemas.RouteLikes {
        let route = try await RouteAccess.visibleRoute(id, to: user, on: database)
        return try await set(like, route: try route.requireID(), user: user, on: database)
    }

    /// Likes (`like` true) or unlikes a route for `user`; doing it twice changes nothing.
    static func set(_ like: Bool, route: UUID, user: UUID, on database: any Database) async throws -> Components.Schemas.RouteLikes {
        if like {
            try await database.sql.insert(into: RouteLike.schema)
                .columns("id", "user_id", "route_id", "created_at")
                .values(SQLBind(UUID()), SQLBind(user), SQLBind(route), SQLBind(Date()))
                .ignoringConflicts(with: ["route_id", "user_id"])
                .run()
        } else {
            try await RouteLike.query(on: database).filter(\.$user.$id == user).filter(\.$route.$id == route).delete()
        }
        return .init(likes: try await counts(of: [route], on: database)[route] ?? 0, liked: like)
    }
}
