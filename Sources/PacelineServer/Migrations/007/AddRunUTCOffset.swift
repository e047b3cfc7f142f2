import Fluent

/// `runs.utc_offset_s`: the UTC offset where the run started, seconds east, as the
/// uploading client said (nil: unknown; achievements then assume the nautical zone of
/// the start's longitude, `LocalDay.fallbackOffset`).
struct AddRunUTCOffset: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Run.schema).field("utc_offset_s", .int).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Run.schema).deleteField("utc_offset_s").update()
    }
}
