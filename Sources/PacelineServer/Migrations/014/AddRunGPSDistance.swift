import Fluent

/// `runs.gps_distance_m`: the distance measured along a run's positions, kept beside
/// `distance_m` when that is the device's own count (its odometer, `TrackProfile`). Runs
/// stored before were measured along their positions: theirs is their distance.
struct AddRunGPSDistance: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Run.schema).field("gps_distance_m", .double).update()
        try await database.sql.raw("UPDATE runs SET gps_distance_m = distance_m").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Run.schema).deleteField("gps_distance_m").update()
    }
}
