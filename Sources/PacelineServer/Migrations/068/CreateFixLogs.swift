import Fluent
import SQLKit

/// `fix_logs` and `logged_fixes`: the fixes an app sends one by one (GPSLogger's custom URL),
/// kept by log until the log goes quiet and becomes a run (`FixLog`). A fix sent again is
/// kept once (its log and time are unique); a user's logs go with the user. `fix_count` is
/// the fixes kept; `closing_until`, while a round makes the log a run.
struct CreateFixLogs: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(FixLog.logsTable)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("log_key", .string, .required)
            .field("sport", .string)
            .field("fix_count", .int, .required)
            .field("last_received_at", .datetime, .required)
            .field("closing_until", .datetime)
            .unique(on: "user_id", "log_key")
            .create()
        try await database.schema(FixLog.fixesTable)
            .field("log_id", .uuid, .required, .references(FixLog.logsTable, "id", onDelete: .cascade))
            .field("time", .double, .required)
            .field("latitude", .double, .required)
            .field("longitude", .double, .required)
            .field("elevation", .double)
            .field("accuracy", .double)
            .unique(on: "log_id", "time")
            .create()
        try await database.sql.raw("CREATE INDEX fix_logs_quiet ON fix_logs (last_received_at)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(FixLog.fixesTable).delete()
        try await database.schema(FixLog.logsTable).delete()
    }
}
