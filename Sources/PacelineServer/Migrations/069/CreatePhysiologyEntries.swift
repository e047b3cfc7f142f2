import Fluent
import SQLKit

/// `physiology_entries`: each user's heart rates and threshold pace, each entry from a day
/// on; and `runs.training_load_outdated`, set on the runs whose training load an entry's
/// change leaves to measure again (`TrainingLoadUpdating`).
struct CreatePhysiologyEntries: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(PhysiologyEntry.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("from_day", .int, .required)
            .field("resting_hr", .double)
            .field("maximum_hr", .double)
            .field("threshold_hr", .double)
            .field("threshold_pace", .double)
            .field("zone_bounds", .string)
            .field("created_at", .datetime)
            .create()
        try await database.sql.raw("CREATE INDEX physiology_entries_user ON physiology_entries (user_id, from_day)").run()
        try await database.schema(Run.schema).field("training_load_outdated", .bool).update()
        try await database.sql.raw("CREATE INDEX runs_training_load_outdated ON runs (training_load_outdated)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX runs_training_load_outdated").run()
        try await database.schema(Run.schema).deleteField("training_load_outdated").update()
        try await database.schema(PhysiologyEntry.schema).delete()
    }
}
