import Fluent

/// `clubs.hidden_at`: set when an instance admin hides a reported club (`Moderation`).
struct AddClubHidden: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Club.schema).field("hidden_at", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Club.schema).deleteField("hidden_at").update()
    }
}
