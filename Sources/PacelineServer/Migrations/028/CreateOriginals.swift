import Fluent
import SQLKit

/// `originals`: each file a user uploaded (or a live run's fixes as the phone sent them),
/// kept byte for byte, gzipped, once per user and SHA-256; and `runs.original_id` with
/// `runs.original_activity`, the original a run was made from and which activity of it.
/// Runs stored before have none.
struct CreateOriginals: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Original.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("sha256", .string, .required)
            .field("format", .string, .required)
            .field("byte_count", .int, .required)
            .field("compressed", .bool, .required)
            .field("bytes", .data, .required)
            .field("created_at", .datetime)
            // Per owner, never across owners: a store shared by all would tell one user
            // whether another had uploaded a file.
            .unique(on: "owner_id", "sha256")
            .create()
        // One column a statement: SQLite's ALTER TABLE adds one at a time.
        try await database.schema(Run.schema)
            .field("original_id", .uuid, .references(Original.schema, "id", onDelete: .setNull))
            .update()
        try await database.schema(Run.schema).field("original_activity", .int).update()
        try await database.sql.raw("CREATE INDEX runs_original ON runs (original_id)").run()
    }

    /// On PostgreSQL. SQLite refuses to drop `runs.original_id` while its foreign key
    /// stands (it would have to rebuild the table).
    func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX runs_original").run()
        try await database.schema(Run.schema).deleteField("original_activity").update()
        try await database.schema(Run.schema).deleteField("original_id").update()
        try await database.schema(Original.schema).delete()
    }
}
