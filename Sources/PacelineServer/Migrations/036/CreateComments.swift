import Fluent
import SQLKit

/// `comments` on activities, gone with the activity's row or the writer's account (a
/// deleted activity's are removed with it, `RunDeletion`, as its row stays a tombstone),
/// read newest first by activity; and `runs.comments_closed`, set when the owner switches
/// comments off.
struct CreateComments: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Comment.schema)
            .id()
            .field("run_id", .uuid, .required, .references(Run.schema, "id", onDelete: .cascade))
            .field("author_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("text", .string, .required)
            .field("mention_ids", .string)
            .field("created_at", .datetime)
            .field("hidden_at", .datetime)
            .create()
        try await database.sql.create(index: "comments_run_created").on(Comment.schema).column("run_id").column("created_at").run()
        try await database.sql.create(index: "comments_author").on(Comment.schema).column("author_id").run()
        try await database.schema(Run.schema).field("comments_closed", .bool).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Run.schema).deleteField("comments_closed").update()
        try await database.schema(Comment.schema).delete()
    }
}
