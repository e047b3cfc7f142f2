import Fluent

/// `users.privacy_zones`: the circles a user keeps to themselves, as JSON (`PrivacyZones`).
struct AddPrivacyZones: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(User.schema).field("privacy_zones", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(User.schema).deleteField("privacy_zones").update()
    }
}
