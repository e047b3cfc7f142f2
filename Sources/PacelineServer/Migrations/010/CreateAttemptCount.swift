import Fluent
import SQLKit

/// The counts of `AttemptLimiter`: one row per kind of attempt and subject (an email, an
/// address, a user), with its attempts in the window that ends at `window_ends` (seconds
/// since 1970, a number both databases compare and compute with alike).
struct CreateAttemptCount: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("attempt_counts")
            .field("kind", .string, .required)
            .field("subject", .string, .required)
            .field("attempts", .int, .required)
            .field("window_ends", .double, .required)
            .compositeIdentifier(over: "kind", "subject")
            .create()
        try await database.sql.raw("CREATE INDEX attempt_counts_window_ends ON attempt_counts (window_ends)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("attempt_counts").delete()
    }
}
