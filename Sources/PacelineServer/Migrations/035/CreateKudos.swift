import Fluent

/// `kudos`: one row per person and activity (unique), gone with the activity's row or the
/// giver's account; a deleted activity's are removed with it (`RunDeletion`), as its row
/// stays as a tombstone.
struct CreateKudos: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Kudos.schema)
            .id()
            .field("run_id", .uuid, .required, .references(Run.schema, "id", onDelete: .cascade))
            .field("giver_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("created_at", .datetime)
            .unique(on: "run_id", "giver_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Kudos.schema).delete()
    }
}
