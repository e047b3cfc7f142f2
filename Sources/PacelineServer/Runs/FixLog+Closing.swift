import Fluent
import Foundation
import Logging
import PacelineAPI
import PacelineCore
import SQLKit

extension FixLog {
    /// How long a log may hold a claim to close it before another round may close it again
    /// (an instance that stopped half-way): the run's idempotency key keeps that from making
    /// a second run.
    static let claimFor: TimeInterval = 600

    /// Makes a run of each log that received nothing for `quiet` (at most `batch` a round),
    /// then forgets the fixes that went into it. One log that can't make a run (too short, no
    /// movement) is logged and forgotten; one whose closing fails is tried again later.
    static func closeQuiet(quiet: TimeInterval, batch: Int = 20, on database: any Database, logger: Logger) async throws {
        let now = Date()
        let due = try await database.sql.raw("""
            SELECT id FROM fix_logs WHERE last_received_at < \(bind: now.addingTimeInterval(-quiet))
                AND (closing_until IS NULL OR closing_until < \(bind: now))
            ORDER BY last_received_at LIMIT \(bind: batch)
            """).all().map { try $0.decode(column: "id", as: UUID.self) }
        for id in due {
            try await close(id, quiet: quiet, now: now, on: database, logger: logger)
        }
    }

    /// Closes log `id` if it is still quiet and no one else is closing it: one statement
    /// claims it, so two instances never both do.
    private static func close(_ id: UUID, quiet: TimeInterval, now: Date, on database: any Database, logger: Logger) async throws {
        let sql = database.sql
        guard let claim = try await sql.raw("""
            UPDATE fix_logs SET closing_until = \(bind: now.addingTimeInterval(claimFor))
            WHERE id = \(bind: id) AND last_received_at < \(bind: now.addingTimeInterval(-quiet))
                AND (closing_until IS NULL OR closing_until < \(bind: now))
            RETURNING user_id, sport, fix_count
            """).first()
        else { return }
        let fixes = try await sql.raw("""
            SELECT time, latitude, longitude, elevation, accuracy FROM logged_fixes WHERE log_id = \(bind: id) ORDER BY time
            """).all().map { row in
                Components.Schemas.FixInput(
                    time: Date(timeIntervalSince1970: try row.decode(column: "time", as: Double.self)),
                    latitude: try row.decode(column: "latitude", as: Double.self),
                    longitude: try row.decode(column: "longitude", as: Double.self),
                    elevation: try row.decode(column: "elevation", as: Double?.self),
                    horizontalAccuracy: try row.decode(column: "accuracy", as: Double?.self))
            }
        let ownerID = try claim.decode(column: "user_id", as: UUID.self)
        if let owner = try await User.find(ownerID, on: database), let last = fixes.last {
            let sport = try claim.decode(column: "sport", as: String?.self).flatMap(Sport.init(rawValue:))
            try await record(fixes, sport: sport, log: id, owner: owner, on: database, logger: logger)
            // Forget what went into the run; a fix that came in since (counted) stays, for the next run.
            try await sql.raw("""
                DELETE FROM logged_fixes WHERE log_id = \(bind: id) AND time <= \(bind: last.time.timeIntervalSince1970)
                """).run()
        }
        let gone = try await sql.raw("""
            DELETE FROM fix_logs WHERE id = \(bind: id) AND fix_count = \(bind: try claim.decode(column: "fix_count", as: Int.self))
            RETURNING id
            """).all()
        if gone.isEmpty {
            try await sql.raw("UPDATE fix_logs SET closing_until = NULL WHERE id = \(bind: id)").run()
        }
    }

    /// Records a log's fixes as one run of `owner`, keeping them (as the app's JSON
    /// recording is kept) as its original. The log's id is the upload's idempotency key,
    /// and a run of the same activity uploaded before (the app's GPX of it, say) is answered
    /// as a duplicate.
    private static func record(_ fixes: [Components.Schemas.FixInput], sport: Sport?, log: UUID, owner: User,
                               on database: any Database, logger: Logger) async throws {
        let upload = Components.Schemas.FixUpload(fixes: fixes)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(try FlexibleDateTranscoder().encode(date))
        }
        let choices = RunBook.UploadChoices(key: "fix-log:\(log.uuidString)", sport: sport, skipDuplicates: true)
        do {
            let received = RunUpload.Received(activities: [try RunUpload.activity(from: upload)], format: .json,
                                              original: try OriginalFile(received: try encoder.encode(upload), format: .json))
            let recorded = try await RunBook.record(received, choices, owner: owner, on: database)
            let run = try recorded.outcomes[0].run.requireID()
            logger.info("a log of \(fixes.count) fixes became a run", metadata: ["run": "\(run)"])
        } catch let refusal as Refusal {
            logger.notice("a log of \(fixes.count) fixes made no run: \(refusal.message)")
        }
    }
}
