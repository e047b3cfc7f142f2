import Fluent
import Foundation
import PacelineCore
import SQLKit

/// Records over 400 m and a mile (`BestEffort.recordDistances`): each run measured from its
/// stored track as an upload measures it (`RunRecorder.bestEfforts`), and the efforts over
/// those two distances added to the ones it had, which stay as they were (the records and
/// badges made of them do not move). 200 tracks at a time, each page in one transaction. A
/// deleted run (its track emptied) or an unreadable track keeps what it had.
struct MeasureShortBestEfforts: AsyncMigration {
    /// The distances this migration adds.
    static let added: Set<Double> = [400, 1609.344]

    func prepare(on database: any Database) async throws {
        try await TablePages.each(of: "runs", columns: ["sport", "format", "track", "best_efforts"], size: 200, on: database.sql) { page in
            try await database.transaction { transaction in
                for row in page { try await Self.measure(row, on: transaction.sql) }
            }
        }
    }

    private static func measure(_ row: any SQLRow, on sql: any SQLDatabase) async throws {
        let stored = try row.decode(column: "track", as: Data.self)
        guard !stored.isEmpty, let (track, barometric) = try? CompactTrack.decode(stored) else { return }
        let activity = Activity(format: ActivityFormat(rawValue: try row.decode(column: "format", as: String.self)) ?? .gpx,
                                sport: Sport(rawValue: try row.decode(column: "sport", as: String.self)) ?? .run,
                                track: track, hasBarometricElevation: barometric)
        let had = BestEffort.stored(try row.decode(column: "best_efforts", as: String.self)).filter { !added.contains($0.distanceMeters) }
        let new = RunRecorder.bestEfforts(of: activity).filter { added.contains($0.distanceMeters) }
        let efforts = (had + new).sorted { $0.distanceMeters < $1.distanceMeters }
        let json = String(decoding: try JSONEncoder.sortedKeys.encode(efforts), as: UTF8.self)
        try await sql.raw("UPDATE runs SET best_efforts = \(bind: json) WHERE id = \(bind: try row.decode(column: "id", as: UUID.self))").run()
    }

    /// The efforts over 400 m and a mile stay: nothing reads what it does not know.
    func revert(on database: any Database) async throws {}
}
