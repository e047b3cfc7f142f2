import Fluent
import SQLKit

/// Web Push: `push_subscriptions` (one per browser's endpoint, unique, gone with the
/// account), `push_keys` (the instance's VAPID key, one row), the notifications' push
/// state (`pending` until the instance that claims it has sent it, a partial index finding
/// those) and each user's kinds kept off their phones (`users.push_muted_kinds`).
struct CreatePushSubscriptions: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(PushSubscriptionRow.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("endpoint", .string, .required)
            .field("p256dh", .string, .required)
            .field("auth", .string, .required)
            .field("created_at", .datetime)
            .unique(on: "endpoint")
            .create()
        try await database.sql.create(index: "push_subscriptions_user").on(PushSubscriptionRow.schema).column("user_id").run()
        try await database.schema("push_keys")
            .field("id", .int, .identifier(auto: false))
            .field("private_key", .string, .required)
            .field("created_at", .datetime)
            .create()
        try await database.schema(NotificationRow.schema).field("push_state", .string).update()
        try await database.sql.raw("CREATE INDEX notifications_push_pending ON notifications (created_at) WHERE push_state = 'pending'").run()
        try await database.schema(User.schema).field("push_muted_kinds", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(User.schema).deleteField("push_muted_kinds").update()
        try await database.sql.raw("DROP INDEX notifications_push_pending").run()
        try await database.schema(NotificationRow.schema).deleteField("push_state").update()
        try await database.schema("push_keys").delete()
        try await database.schema(PushSubscriptionRow.schema).delete()
    }
}
