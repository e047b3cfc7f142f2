import Fluent
import SQLKit

/// The indexes the queries need beyond primary keys and unique constraints.
struct CreateIndexes: AsyncMigration {
    private static let indexes = [
        ("runs_owner_start", "runs (owner_id, start_time)"),
        ("runs_owner_updated", "runs (owner_id, updated_at)"),
        ("routes_cell", "routes (cell_x, cell_y)"),
        ("route_runs_route", "route_runs (route_id, elapsed_s)"),
        ("tokens_user", "tokens (user_id)"),
        ("favourites_user_updated", "favourites (user_id, updated_at)"),
    ]

    func prepare(on database: any Database) async throws {
        let sql = database.sql
        for (name, target) in Self.indexes {
            try await sql.raw("CREATE INDEX \(unsafeRaw: name) ON \(unsafeRaw: target)").run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database.sql
        for (name, _) in Self.indexes {
            try await sql.raw("DROP INDEX \(unsafeRaw: name)").run()
        }
    }
}
