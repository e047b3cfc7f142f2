import Fluent
import Foundation
import PacelineCore
import SQLKit

/// `runs.heat_lines`: each run's lines on its owner's heat map (`HeatMapLines`), drawn
/// from the stored track for the runs that exist, 200 tracks at a time; a deleted run (its
/// track emptied) or an unreadable track is left without.
struct AddRunHeatLines: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Run.schema).field("heat_lines", .string).update()
        try await Self.draw(on: database.sql)
    }

    /// Draws every run's lines from its track, in id order, a page at a time.
    static func draw(on sql: any SQLDatabase) async throws {
        try await TablePages.eachTrack(on: sql) { id, track, _ in
            try await sql.raw("UPDATE runs SET heat_lines = \(bind: HeatMapLines.json(of: track)), updated_at = \(bind: Date()) WHERE id = \(bind: id)").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Run.schema).deleteField("heat_lines").update()
    }
}
