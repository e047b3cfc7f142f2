import Fluent
import Foundation
import Logging
import PacelineAPI
import PacelineCore
import SQLKit

extension FixLog {
    /// How long a claim to close a log holds before another round may close it again (an
    /// instance that stopped half-way, or a close that failed): the run's idempotency key
    /// keeps that from making a second run.
    static let claimFor: TimeInterval = 600
    /// How long one round goes on closing logs, seconds, before it leaves the rest to the next.
    static let roundBudget: TimeInterval = 30

    /// Makes a run of each log that received nothing for `quiet`, `batch` at a time, until
    /// none is due or the round has run `roundBudget`. A log that can't make a run (too short,
    /// all of it already in runs) is logged and forgotten; one whose closing fails for
    /// another reason (the database) is logged and tried again after `claimFor`, while the
    /// round goes on with the others.
    static func closeQuiet(quiet: TimeInterval, batch: Int = 20, on database: any Database, logger: Logger) async throws {
        let started = ContinuousClock.now
        while ContinuousClock.now - started < .seconds(roundBudget) {
            let now = Date()
            let due = try await database.sql.raw("""
                SELECT id FROM fix_logs WHERE last_received_at < \(bind: now.addingTimeInterval(-quiet))
                    AND (closing_until IS NULL OR closing_until < \(bind: now))
                ORDER BY last_received_at LIMIT \(bind: batch)
                """).all().map { try $0.decode(column: "id", as: UUID.self) }
            if due.isEmpty { return }
            for id in due {
                do {
                    try await close(id, quiet: quiet, now: now, on: database, logger: logger)
                } catch {
                    logger.error("a quiet fix log was not made a run; tried again in \(Int(claimFor / 60)) minutes: \(String(reflecting: error))")
                }
            }
        }
    }

    /// Closes log `id` if it is still quiet and no one else is closing it. One statement
    /// claims it and renames it, so two instances never both close it, and the next fix of
    /// the same start makes a new log (the rest of the session, a run of its own) rather than
    /// joining one whose fixes are being read.
    private static func close(_ id: UUID, quiet: TimeInterval, now: Date, on database: any Database, logger: Logger) async throws {
        let sql = database.sql
        guard let claim = try await sql.raw("""
            UPDATE fix_logs SET closing_until = \(bind: now.addingTimeInterval(claimFor)), log_key = \(bind: "closing:\(id.uuidString)")
            WHERE id = \(bind: id) AND last_received_at < \(bind: now.addingTimeInterval(-quiet))
                AND (closing_until IS NULL OR closing_until < \(bind: now))
            RETURNING user_id, sport
            """).first()
        else { return }
        let ownerID = try claim.decode(column: "user_id", as: UUID.self)
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
        if let owner = try await User.find(ownerID, on: database) {
            let left = try await outsideRuns(fixes, of: ownerID, on: database)
            if left.count < 2 {
                logger.info("a log of \(fixes.count) fixes lies within runs already there: no run made of it")
            } else {
                let sport = try claim.decode(column: "sport", as: String?.self).flatMap(Sport.init(rawValue:))
                try await record(left, sport: sport, log: id, owner: owner, on: database, logger: logger)
            }
        }
        try await sql.raw("DELETE FROM fix_logs WHERE id = \(bind: id)").run()
    }

    /// `fixes` less those whose time lies within one of `owner`'s runs (its start to its
    /// end): an app's replay of a log already made runs, or a watch's file of the same
    /// outing uploaded first, makes nothing again.
    private static func outsideRuns(_ fixes: [Components.Schemas.FixInput], of owner: UUID,
                                    on database: any Database) async throws -> [Components.Schemas.FixInput] {
        guard let first = fixes.first?.time, let last = fixes.last?.time else { return [] }
        let runs = try await Run.query(on: database).filter(\.$owner.$id == owner)
            .filter(\.$startTime <= last).filter(\.$endTime >= first).all()
        let spans = runs.compactMap { run in run.startTime.flatMap { start in run.endTime.map { start...$0 } } }
        return spans.isEmpty ? fixes : fixes.filter { fix in !spans.contains { $0.contains(fix.time) } }
    }

    /// Records a log's fixes as one run of `owner`, keeping them (as the app's JSON
    /// recording is kept, written as the API writes JSON: `LiveCoding`) as its original. The log's id and first fix are the upload's
    /// idempotency key (a close tried again makes no second run), and a run of the same
    /// activity uploaded before (the app's GPX of it) is answered as a duplicate.
    private static func record(_ fixes: [Components.Schemas.FixInput], sport: Sport?, log: UUID, owner: User,
                               on database: any Database, logger: Logger) async throws {
        let upload = Components.Schemas.FixUpload(fixes: fixes)
        let key = "fix-log:\(log.uuidString):\(Int(fixes[0].time.timeIntervalSince1970))"
        let choices = RunBook.UploadChoices(key: key, sport: sport, skipDuplicates: true)
        do {
            let received = RunUpload.Received(activities: [try RunUpload.activity(from: upload)], format: .json,
                                              original: try OriginalFile(received: Data(try LiveCoding.encode(upload).utf8), format: .json))
            let recorded = try await RunBook.record(received, choices, owner: owner, on: database)
            let run = try recorded.outcomes[0].run.requireID()
            logger.info("a log of \(fixes.count) fixes became a run", metadata: ["run": "\(run)"])
        } catch let refusal as Refusal {
            logger.notice("a log of \(fixes.count) fixes made no run: \(refusal.message)")
        }
    }
}
