import Fluent
import Foundation
import PacelineCore
import SQLKit

/// `runs.sensors`: each run's heart rate, cadence and power (`SensorSummary`, JSON),
/// measured once like its other statistics, so `GET /runs/{id}` never decodes the track
/// (it did, on every request). Filled in for the runs that exist, 200 tracks at a time; a
/// deleted run (its track emptied) or an unreadable track is left without.
struct AddRunSensors: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Run.schema).field("sensors", .string).update()
        try await Self.measure(on: database.sql)
    }

    /// Measures the sensors of every run, in id order, a page at a time.
    static func measure(on sql: any SQLDatabase) async throws {
        try await TablePages.eachTrack(columns: ["sport"], on: sql) { id, track, row in
            let sport = Sport(rawValue: try row.decode(column: "sport", as: String.self)) ?? .run
            let summary = SensorSummary(Activity(format: .gpx, sport: sport, track: track))
            let json = String(decoding: try JSONEncoder.sortedKeys.encode(summary), as: UTF8.self)
            try await sql.raw("UPDATE runs SET sensors = \(bind: json) WHERE id = \(bind: id)").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Run.schema).deleteField("sensors").update()
    }
}
