import Fluent
import Foundation
import SQLKit

/// Brings up to date what an import left for later (`RunAftermath.store`, `batched`): each
/// run of an import is stored with its own consequences, but the work that reads its owner's
/// whole history (the records each run set, the badges) is done once for the import, when
/// it pauses, not once per file. Each instance looks every `interval` for users whose last
/// such run is older than `quietPeriod`, and under the user's lock measures every record
/// again and refreshes the badges; a user whose import went on meanwhile waits for the next
/// look. So an import of thousands of files takes linear time, and its records and badges
/// are there `quietPeriod` after its last file.
package enum HistoryCatchUp {
    /// How often each instance looks, seconds.
    static let interval: TimeInterval = 2
    /// How long an import must have paused, seconds.
    static let quietPeriod: TimeInterval = 5

    /// Notes, in the transaction that stored one of `user`'s runs, that their records and
    /// badges are left for later.
    static func leave(_ user: UUID, on database: any Database) async throws {
        try await database.sql.update(User.schema).set("history_pending_since", to: SQLBind(Date())).where("id", .equal, SQLBind(user)).run()
    }

    /// The users whose records and badges an import left for later, not yet brought up to date.
    package static func waiting(on database: any Database) async throws -> Int {
        try await User.query(on: database).filter(\.$historyPendingSince != nil).count()
    }

    /// Brings up to date every user whose import paused `quietPeriod` ago or more.
    static func catchUp(on database: any Database, quietPeriod: TimeInterval = quietPeriod, now: Date = Date()) async throws {
        let paused = try await User.query(on: database).filter(\.$historyPendingSince <= now.addingTimeInterval(-quietPeriod))
            .field(\.$id).limit(100).all()
        for user in paused {
            let id = try user.requireID()
            try await database.lockingUser(id) { transaction in
                // Another instance did it, or the import went on: look again next time.
                guard let pending = try await User.query(on: transaction).filter(\.$id == id).field(\.$id).field(\.$historyPendingSince)
                    .first()?.historyPendingSince, pending <= now.addingTimeInterval(-quietPeriod) else { return }
                try await NewRecords.measureAll(of: id, on: transaction.sql)
                _ = try await AchievementBook.refresh(id, on: transaction)
                try await ChallengeFinishers.mark(after: id, on: transaction)
                try await transaction.sql.update(User.schema).set("history_pending_since", to: SQLLiteral.null)
                    .where("id", .equal, SQLBind(id)).run()
            }
        }
    }
}
