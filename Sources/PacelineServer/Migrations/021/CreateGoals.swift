import Fluent
import SQLKit

/// `goals`: each user's weekly and monthly targets.
struct CreateGoals: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Goal.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("sport", .string)
            .field("period", .string, .required)
            .field("metric", .string, .required)
            .field("target", .double, .required)
            .field("created_at", .datetime)
            .create()
        try await database.sql.raw("CREATE INDEX goals_user ON goals (user_id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Goal.schema).delete()
    }
}
