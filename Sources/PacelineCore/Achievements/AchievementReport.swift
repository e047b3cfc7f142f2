import Foundation

/// Everything a user has achieved: score, streak and every badge's progress.
///
/// ```swift
/// let report = AchievementReport(facts, now: Date())
/// report.points.total, report.streak.current, report.badges.filter(\.isEarned).count
/// ```
public struct AchievementReport: Sendable, Hashable {
    public var points: Points
    public var streak: DailyStreak
    /// Every badge of the catalogue, earned or not, in catalogue order.
    public var badges: [BadgeProgress]

    /// The report of `facts` seen at `now`, where the user's UTC offset is `utcOffsetSeconds`;
    /// by default that of their latest activity (0 without one), where a streak that is
    /// still going was last kept.
    /// - Complexity: O(n log n + b·n) for n facts and b badges.
    public init(_ facts: AchievementFacts, now: Date, utcOffsetSeconds: Int? = nil) {
        let offset = utcOffsetSeconds ?? facts.activities.max { $0.start < $1.start }?.utcOffsetSeconds ?? 0
        points = Points(facts)
        streak = DailyStreak(days: DailyStreak.activeDays(of: facts.activities),
                             today: LocalDay(instant: now, utcOffsetSeconds: offset))
        badges = BadgeProgress.all(facts)
    }
}
