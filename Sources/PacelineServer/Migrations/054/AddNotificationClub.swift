import Fluent

/// `notifications.club_id`: the club a request to join or an approval is about (removed
/// with the club by `ClubBook.delete`; the clubs came after the notifications, in 040).
struct AddNotificationClub: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(NotificationRow.schema).field("club_id", .uuid).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(NotificationRow.schema).deleteField("club_id").update()
    }
}
