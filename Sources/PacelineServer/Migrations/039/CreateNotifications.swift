import Fluent
import SQLKit

/// `notifications`: what each user is told, newest first per user, one per recipient,
/// kind, actor and subject (unique: kudos given, taken back and given again tell once);
/// gone with the recipient, the actor, or the activity, invitation or comment they are about.
struct CreateNotifications: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(NotificationRow.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("kind", .string, .required)
            .field("actor_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("subject", .string, .required)
            .field("run_id", .uuid, .references(Run.schema, "id", onDelete: .cascade))
            .field("invitation_id", .uuid, .references(Invitation.schema, "id", onDelete: .cascade))
            .field("comment_id", .uuid, .references(Comment.schema, "id", onDelete: .cascade))
            .field("excerpt", .string)
            .field("created_at", .datetime)
            .field("read_at", .datetime)
            .unique(on: "user_id", "kind", "actor_id", "subject")
            .create()
        try await database.sql.create(index: "notifications_user_created").on(NotificationRow.schema)
            .column("user_id").column("created_at").run()
        try await database.sql.create(index: "notifications_user_read").on(NotificationRow.schema)
            .column("user_id").column("read_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(NotificationRow.schema).delete()
    }
}
