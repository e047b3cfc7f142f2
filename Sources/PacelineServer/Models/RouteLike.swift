import Fluent
import Foundation

/// A user's like of a route.
final class RouteLike: Model, @unchecked Sendable {
    static let schema = "route_likes"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Parent(key: "route_id") var route: Route
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}
