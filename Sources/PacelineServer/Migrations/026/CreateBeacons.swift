import Fluent
import SQLKit

/// `beacons`: live safety links, found by the hash of their secret.
struct CreateBeacons: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Beacon.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("token_hash", .string, .required)
            .field("sport", .string, .required)
            .field("shows_zones", .bool, .required)
            .field("expires_at", .datetime, .required)
            .field("ended_at", .datetime)
            .field("points", .string, .required)
            .field("point_count", .int, .required)
            .field("distance_m", .double, .required)
            .field("first_time", .datetime)
            .field("last_time", .datetime)
            .field("last_lat", .double)
            .field("last_lon", .double)
            .field("current_speed", .double)
            .field("window_start", .datetime)
            .field("window_sends", .int, .required)
            .field("created_at", .datetime)
            .unique(on: "token_hash")
            .create()
        try await database.sql.raw("CREATE INDEX beacons_owner ON beacons (owner_id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Beacon.schema).delete()
    }
}
