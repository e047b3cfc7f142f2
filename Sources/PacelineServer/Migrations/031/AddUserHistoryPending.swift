import Fluent
import SQLKit

/// `users.history_pending_since`: when a user's import (`POST /runs?batch=true`) last
/// stored a run whose records and badges were left for later (`HistoryCatchUp`); nil when
/// none are. Indexed, as each instance looks for them every few seconds.
struct AddUserHistoryPending: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(User.schema).field("history_pending_since", .datetime).update()
        try await database.sql.raw("CREATE INDEX users_history_pending_since ON users (history_pending_since)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX users_history_pending_since").run()
        try await database.schema(User.schema).deleteField("history_pending_since").update()
    }
}
