import Foundation

/// How far a user is towards one badge, and when they earned it.
public struct BadgeProgress: Sendable, Hashable {
    public var badge: Badge
    /// The family's measure now (may exceed the target).
    public var current: Double
    /// The instant of the fact (activity, session, discovery…) that crossed the target.
    public var earnedAt: Date?
    /// The id of that fact: for activities, the run's id.
    public var earnedBy: String?

    public init(badge: Badge, current: Double, earnedAt: Date? = nil, earnedBy: String? = nil) {
        self.badge = badge
        self.current = current
        self.earnedAt = earnedAt
        self.earnedBy = earnedBy
    }

    public var isEarned: Bool { earnedAt != nil }

    /// Progress towards the target, 0…1.
    public var fraction: Double { min(1, max(0, current / badge.target)) }

    /// The progress on every badge of the catalogue that `facts` make.
    ///
    /// Each family's measure is followed through the facts in time order, so a badge's
    /// date is that of the fact that first took the measure to its target.
    /// - Complexity: O(n log n + b·n) for n facts and b badges; each family is followed once.
    public static func all(_ facts: AchievementFacts, catalogue: [Badge] = Badge.catalogue) -> [BadgeProgress] {
        let steps = BadgeMeasures.steps(facts)
        return catalogue.map { badge in
            let family = steps[badge.family] ?? []
            let crossing = family.first { $0.value >= badge.target }
            return BadgeProgress(badge: badge, current: family.last?.value ?? 0, earnedAt: crossing?.date, earnedBy: crossing?.id)
        }
    }
}

/// Each badge family's measure after each fact, in time order (never decreasing).
enum BadgeMeasures {
    struct Step: Hashable {
        var date: Date
        var id: String
        var value: Double
    }

    static func steps(_ facts: AchievementFacts) -> [Badge.Family: [Step]] {
        let activities = facts.activities.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        let onFoot = activities.filter(\.isOnFoot)
        var steps: [Badge.Family: [Step]] = [:]
        steps[.distance] = running(onFoot) { $0 + $1.distanceMeters }
        steps[.time] = running(onFoot) { $0 + $1.movingSeconds }
        steps[.longest] = running(onFoot) { max($0, $1.distanceMeters) }
        steps[.streak] = streakSteps(activities)
        steps[.records] = recordSteps(activities)
        var routes = Set<String>()
        steps[.routes] = running(activities) { value, activity in
            guard let route = activity.routeID else { return value }
            routes.insert(route)
            return Double(routes.count)
        }
        steps[.group] = counted(facts.groups.filter { $0.groupSize >= 2 }.map { DatedFact(id: $0.id, date: $0.date) })
        steps[.discoveries] = counted(facts.discoveries)
        steps[.stages] = counted(facts.stages)
        steps[.missions] = counted(facts.missions.map { DatedFact(id: $0.id, date: $0.date) })
        steps[.goldMissions] = counted(facts.missions.filter { $0.medal == .gold }.map { DatedFact(id: $0.id, date: $0.date) })
        return steps
    }

    private static func running(_ activities: [ActivityFact], _ next: (Double, ActivityFact) -> Double) -> [Step] {
        var value = 0.0
        return activities.map { activity in
            value = next(value, activity)
            return Step(date: activity.start, id: activity.id, value: value)
        }
    }

    private static func counted(_ facts: [DatedFact]) -> [Step] {
        facts.sorted { ($0.date, $0.id) < ($1.date, $1.id) }.enumerated().map { Step(date: $1.date, id: $1.id, value: Double($0 + 1)) }
    }

    /// The longest streak so far after each activity. A day joins when its total reaches
    /// `DailyStreak.minimumDistance`; runs of days are kept as intervals whose two ends
    /// know each other, so joining a day is O(1) even when days arrive out of order (a
    /// traveller flying west can start a later activity on an earlier local day).
    private static func streakSteps(_ activities: [ActivityFact]) -> [Step] {
        var totals: [LocalDay: Double] = [:]
        var otherEnd: [Int: Int] = [:]
        var longest = 0
        return activities.map { activity in
            let day = activity.localDay
            let before = totals[day, default: 0]
            totals[day] = before + activity.distanceMeters
            if before < DailyStreak.minimumDistance, before + activity.distanceMeters >= DailyStreak.minimumDistance {
                let d = day.number
                let low = otherEnd[d - 1] ?? d
                let high = otherEnd[d + 1] ?? d
                otherEnd[low] = high
                otherEnd[high] = low
                longest = max(longest, high - low + 1)
            }
            return Step(date: activity.start, id: activity.id, value: Double(longest))
        }
    }

    /// The distances whose records the records badges count, the five their rule names
    /// (records are also kept over 400 m and a mile, which these badges never counted).
    public static let recordBadgeDistances: Set<Double> = [1000, 5000, 10_000, 21_097.5, 42_195]

    /// Personal records set so far after each activity: each best effort over one of
    /// `recordBadgeDistances` faster than every earlier one of its sport at its distance
    /// (the first included). Sports keep their own records: a ride's kilometre is no running record.
    private static func recordSteps(_ activities: [ActivityFact]) -> [Step] {
        struct Distance: Hashable { var sport: Sport, meters: Double }
        var best: [Distance: Double] = [:]
        var count = 0
        return activities.map { activity in
            for effort in activity.bestEfforts where recordBadgeDistances.contains(effort.distanceMeters)
            && effort.seconds < best[Distance(sport: activity.sport, meters: effort.distanceMeters)] ?? .infinity {
                best[Distance(sport: activity.sport, meters: effort.distanceMeters)] = effort.seconds
                count += 1
            }
            return Step(date: activity.start, id: activity.id, value: Double(count))
        }
    }
}

extension ActivityFact {
    /// Runs, walks and hikes (and activities of no known sport): what distance and time badges count.
    public var isOnFoot: Bool { sport != .ride && sport != .swim }
}
