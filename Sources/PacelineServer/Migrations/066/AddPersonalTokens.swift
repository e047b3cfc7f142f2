import Fluent
import SQLKit

/// Personal access tokens beside sign-ins in `tokens`: a name (none for a sign-in), a scope
/// (`full` for every token before), and when one was last used; a user's named tokens found
/// by their owner.
struct AddPersonalTokens: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Token.schema).field("name", .string).update()
        try await database.schema(Token.schema).field("scope", .string, .required, .sql(.default("full"))).update()
        try await database.schema(Token.schema).field("last_used_at", .datetime).update()
        try await database.sql.raw("CREATE INDEX tokens_user_named ON tokens (user_id, name)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX tokens_user_named").run()
        for field in ["last_used_at", "scope", "name"] {
            try await database.schema(Token.schema).deleteField(.string(field)).update()
        }
    }
}
