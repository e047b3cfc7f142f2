import Fluent
import Foundation

/// A route a user marked. Removing one keeps the row, marked removed, so a client syncing
/// with `updatedSince` learns of the removal.
final class Favourite: Model, @unchecked Sendable {
    static let schema = "favourites"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Parent(key: "route_id") var route: Route
    @Field(key: "removed") var removed: Bool
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}

    init(userID: UUID, routeID: UUID) {
        self.$user.id = userID
        self.$route.id = routeID
        self.removed = false
    }
}
