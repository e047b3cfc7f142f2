import Fluent
import Foundation
import PacelineCore
import SQLKit

/// `runs.credited_distance_m`, `too_fast_m` and `untimed_m`: the credited distance beside
/// the recorded one (`CreditedDistance`), and what was not credited and why.
///
/// Runs stored before are credited from their stored tracks here, once: a run with nothing
/// left out is credited its recorded distance exactly; one with something left out (a
/// segment whose clock was broken, a stretch faster than its sport allows) is credited
/// the rest, and its best efforts are measured again along what was credited, so a
/// forged run holds no record. Deleted runs (no track) are credited their distance.
struct AddRunCreditedDistance: AsyncMigration {
    static let columns = ["credited_distance_m", "too_fast_m", "untimed_m"]
    /// Runs read at a time while crediting.
    static let batch = 200

    func prepare(on database: any Database) async throws {
        // One column per ALTER: SQLite adds no more at a time.
        for column in Self.columns {
            try await database.schema(Run.schema).field(.string(column), .double, .required, .sql(.default(0))).update()
        }
        let sql = database.sql
        try await sql.raw("UPDATE runs SET credited_distance_m = distance_m").run()
        var after: UUID?
        while true {
            var query = sql.select().columns("id", "sport", "distance_m", "track").from(Run.schema)
                .orderBy("id").limit(Self.batch)
            if let after { query = query.where("id", .greaterThan, after) }
            let rows = try await query.all()
            for row in rows {
                let track = try row.decode(column: "track", as: Data.self)
                guard !track.isEmpty, let (decoded, _) = try? CompactTrack.decode(track) else { continue }
                let thresholds = SportThresholds.for(Sport(rawValue: try row.decode(column: "sport", as: String.self)) ?? .run)
                let profile = TrackProfile(segments: FixFilter(thresholds: thresholds).filter(decoded).segments, thresholds: thresholds)
                let credited = CreditedDistance(profile: profile, maximumSpeed: thresholds.maximumSpeed)
                guard credited.uncredited > 0 else { continue }
                let distance = try row.decode(column: "distance_m", as: Double.self)
                let efforts = String(decoding: try JSONEncoder.sortedKeys.encode(BestEffort.efforts(in: profile, credited: credited)),
                                     as: UTF8.self)
                try await sql.update(Run.schema)
                    .set("credited_distance_m", to: max(0, distance - credited.uncredited))
                    .set("too_fast_m", to: credited.tooFast).set("untimed_m", to: credited.untimed)
                    .set("best_efforts", to: efforts)
                    .where("id", .equal, try row.decode(column: "id", as: UUID.self))
                    .run()
            }
            guard rows.count == Self.batch, let last = rows.last else { break }
            after = try last.decode(column: "id", as: UUID.self)
        }
    }

    func revert(on database: any Database) async throws {
        for column in Self.columns.reversed() {
            try await database.schema(Run.schema).deleteField(.string(column)).update()
        }
    }
}
