import Fluent

struct CreateFavourite: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Favourite.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("route_id", .uuid, .required, .references(Route.schema, "id", onDelete: .cascade))
            .field("removed", .bool, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "user_id", "route_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Favourite.schema).delete()
    }
}
