import Fluent

/// Failed logins per email, counted since 010 by `AttemptLimiter` (010 drops the table).
struct CreateLoginFailure: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("login_failures")
            .field("email", .string, .identifier(auto: false))
            .field("failures", .int, .required)
            .field("window_start", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("login_failures").delete()
    }
}
