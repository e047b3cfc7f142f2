import Fluent
import SQLKit

/// `beacons`: the stretch of a live link's way its viewers may be told of (from the first
/// fix outside the owner's privacy zones to the last, with the link's distance at each
/// end), and the runner's pauses. Links open at the upgrade had no zone in mind: their whole
/// way is the stretch, as their viewers saw it.
struct AddBeaconSeenStretch: AsyncMigration {
    func prepare(on database: any Database) async throws {
        // One column a statement: SQLite adds one at a time.
        for field in ["seen_from_time", "seen_to_time", "paused_at"] {
            try await database.schema(Beacon.schema).field(.string(field), .datetime).update()
        }
        for field in ["seen_from_m", "seen_to_m", "paused_s"] {
            try await database.schema(Beacon.schema).field(.string(field), .double, .required, .sql(.default(0))).update()
        }
        try await database.sql.raw("""
            UPDATE beacons SET seen_from_time = first_time, seen_to_time = last_time, seen_to_m = distance_m
            """).run()
    }

    func revert(on database: any Database) async throws {
        for field in ["seen_from_time", "seen_to_time", "paused_at", "seen_from_m", "seen_to_m", "paused_s"] {
            try await database.schema(Beacon.schema).deleteField(.string(field)).update()
        }
    }
}
