import Fluent
import SQLKit

/// `live_socket_leases`: the live connections each account holds on any instance
/// (`LiveSocketLeases`). Indexed by user, for the count when a connection authenticates;
/// not by expiry, which every renewal changes (the rare sweep of forgotten leases reads
/// the whole table, one row per connection).
struct CreateLiveSocketLease: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(LiveSocketLease.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("expires_at", .datetime, .required)
            .create()
        try await database.sql.raw("CREATE INDEX live_socket_leases_user ON live_socket_leases (user_id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(LiveSocketLease.schema).delete()
    }
}
