import Fluent

struct CreateLoginFailure: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(LoginFailure.schema)
            .field("email", .string, .identifier(auto: false))
            .field("failures", .int, .required)
            .field("window_start", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(LoginFailure.schema).delete()
    }
}
