import Fluent
import Foundation
import PacelineCore
import SQLKit

/// `runs.training_load` and `runs.training_load_source`: each activity's TRIMP
/// (`TrainingLoad`), measured as an upload measures it, for the runs that exist, 200
/// tracks at a time; a deleted run (its track emptied) or an unreadable track is left without.
struct AddRunTrainingLoad: AsyncMigration {
    func prepare(on database: any Database) async throws {
        // One column per statement: SQLite adds one at a time.
        try await database.schema(Run.schema).field("training_load", .double).update()
        try await database.schema(Run.schema).field("training_load_source", .string).update()
        try await Self.measure(on: database.sql)
    }

    /// Measures the training load of every run, in id order, a page at a time.
    static func measure(on sql: any SQLDatabase) async throws {
        try await TablePages.eachTrack(columns: ["sport"], on: sql) { id, track, row in
            guard let load = TrainingLoad.of(track, sport: Sport(rawValue: try row.decode(column: "sport", as: String.self)) ?? .run) else { return }
            try await sql.raw("""
                UPDATE runs SET training_load = \(bind: load.value), training_load_source = \(bind: load.source.rawValue), updated_at = \(bind: Date())
                WHERE id = \(bind: id)
                """).run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Run.schema).deleteField("training_load_source").update()
        try await database.schema(Run.schema).deleteField("training_load").update()
    }
}
