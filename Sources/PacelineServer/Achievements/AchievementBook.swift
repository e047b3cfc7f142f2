import Fluent
import Foundation
import PacelineCore
import SQLKit

/// A user's achievements as the server keeps them: computed from their facts
/// (`AchievementSources`) and earned badges stored with their dates (`EarnedBadge`).
///
/// `refresh` runs after every upload and whenever achievements are read: badges newly
/// earned are stored, with the instant of the fact that earned them, and then keep that
/// date. Deleting a run earns the owner's badges again from the runs that remain
/// (`RunDeletion`), so a badge only that run earned is taken back; points are always
/// recomputed from the runs that remain.
enum AchievementBook {
    /// The user's report now, after storing the badges they newly earned.
    ///
    /// Stored badges keep their first dates. Two uploads at once may both find a badge new: the
    /// unique (user, badge) index keeps one row, and the other insert is skipped without
    /// an error, which would abort the transaction the upload runs in.
    /// - Complexity: a few queries, then O(n log n + b·n) for n facts and b badges.
    @discardableResult
    static func refresh(_ user: UUID, on database: any Database, now: Date = Date()) async throws -> AchievementReport {
        let facts = try await AchievementSources.facts(of: user, on: database)
        var report = AchievementReport(facts, now: now)
        let stored = try await EarnedBadge.query(on: database).filter(\.$user.$id == user).all()
        let byBadge = Dictionary(stored.map { ($0.badgeID, $0) }, uniquingKeysWith: { first, _ in first })
        for index in report.badges.indices {
            let progress = report.badges[index]
            if let earned = byBadge[progress.badge.id] {
                report.badges[index].earnedAt = earned.earnedAt
                report.badges[index].earnedBy = earned.sourceID
            } else if let earnedAt = progress.earnedAt {
                try await database.sql.insert(into: EarnedBadge.schema)
                    .columns("id", "user_id", "badge_id", "earned_at", "source_id", "run_id", "created_at")
                    .values(SQLBind(UUID()), SQLBind(user), SQLBind(progress.badge.id), SQLBind(earnedAt),
                            SQLBind(progress.earnedBy), SQLBind(progress.earnedBy.flatMap(UUID.init(uuidString:))), SQLBind(Date()))
                    .ignoringConflicts(with: ["user_id", "badge_id"])
                    .run()
            }
        }
        return report
    }
}
