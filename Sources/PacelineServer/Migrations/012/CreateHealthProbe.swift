import Fluent

/// `health_probes`: the one row `/health` rewrites (at most once a second per instance)
/// to prove the database still takes writes, as a read would not show a read-only or
/// full database.
struct CreateHealthProbe: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(HealthProbe.table)
            .field("id", .int, .identifier(auto: false))
            .field("checked_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(HealthProbe.table).delete()
    }
}
