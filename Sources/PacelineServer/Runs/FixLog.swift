import Fluent
import Foundation
import PacelineCore
import SQLKit

/// The fixes an app sends one at a time as it records (GPSLogger's "Log to custom URL",
/// `logFix`), kept by log until the log goes quiet and becomes a run (`FixLog+Closing`).
///
/// A log is the fixes of one start of the app (its `starttimestamp`), or of one UTC day when
/// the app doesn't say. A fix sent again (the same log and time: an app replaying what it
/// could not send while offline) is kept once. Counting a fix and keeping it is one
/// transaction of two statements, the first of which refuses the fix past `maximumFixes`.
enum FixLog {
    static let logsTable = "fix_logs"
    static let fixesTable = "logged_fixes"
    /// The most fixes a log holds: a file's most points (`FileLimits.fixes`).
    static let maximumFixes = FileLimits.fixes

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
        var fixes: Int
        var lastReceivedAt: Date
    }

    /// Keeps `fix` in `owner`'s log `key` (made with its first fix; `sport` kept once named).
    /// - Throws: 422 `over_limit` when the log holds `maximumFixes` already.
    static func keep(_ fix: Received, in key: Key, sport: Sport?, of owner: UUID, on database: any Database) async throws -> Kept {
        let now = Date()
        return try await database.transaction { transaction in
            let sql = transaction.sql
            guard let log = try await sql.raw("""
                INSERT INTO fix_logs (id, user_id, log_key, sport, fix_count, last_received_at)
                VALUES (\(bind: UUID()), \(bind: owner), \(bind: key.text), \(bind: sport?.rawValue), 1, \(bind: now))
                ON CONFLICT (user_id, log_key) DO UPDATE SET fix_count = fix_logs.fix_count + 1,
                    last_received_at = excluded.last_received_at, sport = COALESCE(excluded.sport, fix_logs.sport)
                WHERE fix_logs.fix_count < \(bind: maximumFixes)
                RETURNING id, fix_count
                """).first()
            else {
                throw Refusal(.unprocessable, code: "over_limit",
                              message: "this log holds \(maximumFixes) fixes, the most a run may have: start logging again")
            }
            try await sql.raw("""
                INSERT INTO logged_fixes (log_id, time, latitude, longitude, elevation, accuracy)
                VALUES (\(bind: try log.decode(column: "id", as: UUID.self)), \(bind: fix.time.timeIntervalSince1970),
                        \(bind: fix.latitude), \(bind: fix.longitude), \(bind: fix.elevation), \(bind: fix.accuracy))
                ON CONFLICT (log_id, time) DO NOTHING
                """).run()
            return Kept(fixes: try log.decode(column: "fix_count", as: Int.self), lastReceivedAt: now)
        }
    }
}
