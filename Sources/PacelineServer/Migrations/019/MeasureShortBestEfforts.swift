import Fluent
import Foundation
import PacelineCore
import SQLKit

/// Records over 400 m and a mile (`BestEffort.recordDistances`): every run's best efforts
/// measured again from its stored track as an upload measures them
/// (`RunRecorder.bestEfforts`), 200 tracks at a time. A deleted run (its track emptied) or
/// an unreadable track keeps what it had.
struct MeasureShortBestEfforts: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = database.sql
        var after: UUID?
        while true {
            let from: SQLQueryString = after.map { "WHERE id > \(bind: $0)" } ?? ""
            let page = try await sql.raw("SELECT id, sport, format, track FROM runs \(from) ORDER BY id LIMIT 200").all()
            guard let last = page.last else { return }
            for row in page {
                let stored = try row.decode(column: "track", as: Data.self)
                guard !stored.isEmpty, let (track, barometric) = try? CompactTrack.decode(stored) else { continue }
                let activity = Activity(format: ActivityFormat(rawValue: try row.decode(column: "format", as: String.self)) ?? .gpx,
                                        sport: Sport(rawValue: try row.decode(column: "sport", as: String.self)) ?? .run,
                                        track: track, hasBarometricElevation: barometric)
                let efforts = String(decoding: try JSONEncoder.sortedKeys.encode(RunRecorder.bestEfforts(of: activity)), as: UTF8.self)
                try await sql.raw("UPDATE runs SET best_efforts = \(bind: efforts) WHERE id = \(bind: try row.decode(column: "id", as: UUID.self))").run()
            }
            after = try last.decode(column: "id", as: UUID.self)
        }
    }

    /// The efforts over 400 m and a mile stay: nothing reads what it does not know.
    func revert(on database: any Database) async throws {}
}
