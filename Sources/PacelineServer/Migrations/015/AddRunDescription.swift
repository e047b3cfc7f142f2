import Fluent

/// `runs.description`: what the runner wrote about a run (an imported activity's
/// description, from a Strava export's activities.csv).
struct AddRunDescription: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Run.schema).field("description", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Run.schema).deleteField("description").update()
    }
}
