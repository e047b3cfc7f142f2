import Fluent
import Foundation
import PacelineCore

/// Who may see a route: the rules of runs (`RunAccess`, `Privacy`) applied to the route's
/// privacy, which it takes from the run it was made from. A route someone may not see is
/// missing to them (404): not readable, followable, favourable or listed.
enum RouteAccess {
    /// The route `id` names, with its creator, if `viewer` may see it; 404 otherwise.
    static func visibleRoute(_ id: String, to viewer: UUID?, on database: any Database) async throws -> Route {
        guard let uuid = UUID(uuidString: id),
              let route = try await Route.query(on: database).filter(\.$id == uuid).with(\.$creator).first(),
              try await Privacy.allows(viewer, toSee: route.$creator.id, privacy: route.privacy, on: database)
        else { throw Refusal.notFound("route") }
        return route
    }
}
