import Fluent
import SQLKit

/// The notifications a user asks for beyond the default: `users.notify_friend_records`
/// (told of friends' personal records, off until chosen) and `users.idle_reminder_days`
/// (reminded after that many days without an activity; null: never).
struct AddNotificationChoices: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(User.schema).field("notify_friend_records", .bool, .required, .sql(.default(false))).update()
        try await database.schema(User.schema).field("idle_reminder_days", .int).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(User.schema).deleteField("idle_reminder_days").update()
        try await database.schema(User.schema).deleteField("notify_friend_records").update()
    }
}
