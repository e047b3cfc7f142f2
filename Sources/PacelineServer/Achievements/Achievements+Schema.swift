import Foundation
import PacelineAPI
import PacelineCore

extension AchievementReport {
    /// The report as the API shows it, for `user`; `visibleRuns` are the runs the reader
    /// may see (a badge names its run only then).
    func schema(user: User, visibleRuns: (UUID) -> Bool) -> Components.Schemas.Achievements {
        .init(
            user: user.summary,
            points: points.schema,
            streak: .init(current: streak.current, longest: streak.longest, lastActiveDay: streak.lastActiveDay?.text),
            badges: badges.map { $0.schema(visibleRuns: visibleRuns) })
    }
}

extension Points {
    var schema: Components.Schemas.PointsBreakdown {
        .init(total: total, distance: distance, streak: streak, group: group, discovery: discovery, stage: stage, mission: mission)
    }
}

extension BadgeProgress {
    func schema(visibleRuns: (UUID) -> Bool) -> Components.Schemas.BadgeStatus {
        let run = earnedBy.flatMap(UUID.init(uuidString:)).flatMap { visibleRuns($0) ? $0.apiID : nil }
        return .init(id: badge.id, family: badge.family, name: badge.name, rule: badge.rule,
                     target: badge.target, current: current, earnedAt: earnedAt, runId: run)
    }
}

extension EarnedBadge {
    /// The stored badge as the API shows it (its current measure is the target it crossed).
    func schema(runVisible: Bool) -> Components.Schemas.BadgeStatus? {
        guard let badge = Badge.named(badgeID) else { return nil }
        return BadgeProgress(badge: badge, current: badge.target, earnedAt: earnedAt, earnedBy: sourceID)
            .schema(visibleRuns: { _ in runVisible })
    }
}
