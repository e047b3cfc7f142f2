import Fluent
import Foundation
import PacelineCore
import SQLKit

/// The fixes an app sends one at a time as it records (GPSLogger's "Log to custom URL",
/// `logFix`), kept by log until the log goes quiet and becomes a run (`FixLog+Closing`).
///
/// A log is the fixes of one start of the app (its `starttimestamp`), or of one UTC day when
/// the app doesn't say. A fix sent again (the same log and time: an app replaying what it
/// could not send while offline) is kept once. Keeping a fix is one transaction under the
/// user's lock: its first statement finds or makes the log, refusing a log past
/// `maximumFixes` or a user past `maximumOpenLogs`, and locks the log's row, so a log being
/// closed (renamed by the statement that claims it) never takes a fix it won't read.
enum FixLog {
    static let logsTable = "fix_logs"
    static let fixesTable = "logged_fixes"
    /// The most fixes a log holds: 27 hours of one a second, within what a JSON upload may
    /// carry (`JSONBodyCheck`), as the run keeps them as one.
    static let maximumFixes = 100_000
    /// The most logs a user has open at once (a log per start of the app; closed once quiet).
    static let maximumOpenLogs = 10

    /// One fix as an app sent it, its numbers checked.
    struct Received: Sendable, Equatable {
        var time: Date
        var latitude: Double
        var longitude: Double
        var elevation: Double?
        /// Horizontal, metres.
        var accuracy: Double?
    }

    /// Which of a user's logs a fix goes to: an app's start (`starttimestamp`), else the
    /// fix's UTC day.
    enum Key: Equatable {
        case start(Int)
        case day(String)

        var text: String {
            switch self {
            case .start(let seconds): "start:\(seconds)"
            case .day(let day): "day:\(day)"
            }
        }
    }

    /// What keeping a fix left in its log.
    struct Kept: Sendable {
        /// The fixes the log holds.
        var fixes: Int
        var lastReceivedAt: Date
    }

    /// Keeps `fix` in `owner`'s log `key` (made with its first fix; `sport` kept once named).
    /// - Throws: 422 `over_limit` when the log holds `maximumFixes` already, or when it would
    ///   be a new log past `maximumOpenLogs`.
    static func keep(_ fix: Received, in key: Key, sport: Sport?, of owner: UUID, on database: any Database) async throws -> Kept {
        let now = Date()
        return try await database.lockingUser(owner) { transaction in
            let sql = transaction.sql
            // One statement: the log, made unless the user has too many, updated unless full.
            guard let log = try await sql.raw("""
                INSERT INTO fix_logs (id, user_id, log_key, sport, fix_count, last_received_at)
                SELECT \(bind: UUID()), \(bind: owner), \(bind: key.text), \(bind: sport?.rawValue), 0, \(bind: now)
                WHERE (SELECT COUNT(*) FROM fix_logs WHERE user_id = \(bind: owner)) < \(bind: maximumOpenLogs)
                    OR EXISTS (SELECT 1 FROM fix_logs WHERE user_id = \(bind: owner) AND log_key = \(bind: key.text))
                ON CONFLICT (user_id, log_key) DO UPDATE SET last_received_at = excluded.last_received_at,
                    sport = COALESCE(excluded.sport, fix_logs.sport)
                WHERE fix_logs.fix_count < \(bind: maximumFixes)
                RETURNING id, fix_count
                """).first()
            else { throw try await refusal(for: key, of: owner, on: sql) }
            let id = try log.decode(column: "id", as: UUID.self)
            let added = try await sql.raw("""
                INSERT INTO logged_fixes (log_id, time, latitude, longitude, elevation, accuracy)
                VALUES (\(bind: id), \(bind: fix.time.timeIntervalSince1970),
                        \(bind: fix.latitude), \(bind: fix.longitude), \(bind: fix.elevation), \(bind: fix.accuracy))
                ON CONFLICT (log_id, time) DO NOTHING
                RETURNING log_id
                """).all()
            var count = try log.decode(column: "fix_count", as: Int.self)
            if !added.isEmpty {
                try await sql.raw("UPDATE fix_logs SET fix_count = fix_count + 1 WHERE id = \(bind: id)").run()
                count += 1
            }
            return Kept(fixes: count, lastReceivedAt: now)
        }
    }

    /// Why `owner`'s fix for `key` found no log to go to.
    private static func refusal(for key: Key, of owner: UUID, on sql: any SQLDatabase) async throws -> Refusal {
        let existing = try await sql.raw("""
            SELECT 1 AS n FROM fix_logs WHERE user_id = \(bind: owner) AND log_key = \(bind: key.text)
            """).first()
        let message = existing != nil
            ? "this log holds \(maximumFixes) fixes, the most one run may have: start logging again"
            : "you have \(maximumOpenLogs) logs still receiving fixes: each becomes a run once it has been quiet for a while; send this one then"
        return Refusal(.unprocessable, code: "over_limit", message: message)
    }
}
