import Foundation

/// Everything a user has achieved: score, streak and every badge's progress.
///
/// ```swift
/// let report = AchievementReport(facts, now: Date(), utcOffsetSeconds: 3600)
/// report.points.total, report.streak.current, report.badges.filter(\.isEarned).count
/// ```
public struct AchievementReport: Sendable, Hashable {
    public var points: Points
    public var streak: DailyStreak
    /// Every badge of the catalogue, earned or not, in catalogue order.
    public var badges: [BadgeProgress]

    /// The report of `facts` seen at `now`, where the user's UTC offset is `utcOffsetSeconds`
    /// (that of their latest activity, for a streak that is still going).
    /// - Complexity: O(n log n + b·n) for n facts and b badges.
    public init(_ facts: AchievementFacts, now: Date, utcOffsetSeconds: Int) {
        points = Points(facts)
        streak = DailyStreak(days: DailyStreak.activeDays(of: facts.activities),
                             today: LocalDay(instant: now, utcOffsetSeconds: utcOffsetSeconds))
        badges = BadgeProgress.all(facts)
    }
}
