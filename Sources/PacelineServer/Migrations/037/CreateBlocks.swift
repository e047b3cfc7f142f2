import Fluent
import SQLKit

/// `blocks`: who blocked whom, one row per pair and direction (unique), gone with either
/// account; indexed by the blocked user too, as the privacy rule asks who blocked a viewer.
struct CreateBlocks: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Block.schema)
            .id()
            .field("blocker_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("blocked_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("created_at", .datetime)
            .unique(on: "blocker_id", "blocked_id")
            .create()
        try await database.sql.create(index: "blocks_blocked").on(Block.schema).column("blocked_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Block.schema).delete()
    }
}
