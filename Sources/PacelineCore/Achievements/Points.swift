import Foundation

/// A user's score, by where the points came from.
///
/// The rules (documented in docs/ALGORITHMS.md, "Achievements and points"):
/// - distance: per activity, `10·k + k²/10` for k kilometres (rides count a quarter of their
///   distance): more per kilometre for longer activities (5 km: 52, 10 km: 110, marathon: 600);
/// - streak: each active day earns `5 × min(n, 7)` where n is its place in its streak
///   (day 1: 5, day 2: 10, … day 7 and later: 35);
/// - group: per group activity, `10 × (size − 1)`, counting at most 10 people (90);
/// - discovery: 25 per point of interest;
/// - stage: 50 per mission stage; mission: 200 per mission plus 150/100/50 for gold/silver/bronze.
public struct Points: Sendable, Hashable, Codable {
    public var distance: Int
    public var streak: Int
    public var group: Int
    public var discovery: Int
    public var stage: Int
    public var mission: Int

    /// All points together.
    public var total: Int { distance + streak + group + discovery + stage + mission }

    public init(distance: Int = 0, streak: Int = 0, group: Int = 0, discovery: Int = 0, stage: Int = 0, mission: Int = 0) {
        self.distance = distance
        self.streak = streak
        self.group = group
        self.discovery = discovery
        self.stage = stage
        self.mission = mission
    }

    /// The points `facts` are worth.
    /// - Complexity: O(n log n) for n facts (sorting the active days).
    public init(_ facts: AchievementFacts) {
        distance = facts.activities.reduce(0) { $0 + Self.distancePoints($1) }
        streak = Self.streakPoints(DailyStreak.activeDays(of: facts.activities))
        group = facts.groups.reduce(0) { $0 + Self.groupPoints(size: $1.groupSize) }
        discovery = facts.discoveries.count * Self.discoveryPoints
        stage = facts.stages.count * Self.stagePoints
        mission = facts.missions.reduce(0) { $0 + Self.missionPoints(medal: $1.medal) }
    }

    /// What activity `id` of `facts` earned itself: its distance's points, and its day's
    /// streak points when it is that active day's first activity (a day counts once,
    /// however many activities it has). Points of a group, a stage or a mission are the
    /// profile's, not an activity's; discoveries are counted by whoever knows which
    /// activity made them. Nothing when `facts` has no activity `id`.
    /// - Complexity: O(n log n) for the streak's days.
    public static func earned(by id: String, in facts: AchievementFacts) -> Points {
        guard let activity = facts.activities.first(where: { $0.id == id }) else { return Points() }
        var points = Points(distance: distancePoints(activity))
        let day = activity.localDay
        let first = facts.activities.filter { $0.localDay == day }.min { ($0.start, $0.id) < ($1.start, $1.id) }
        if first?.id == id, let place = DailyStreak.places(of: DailyStreak.activeDays(of: facts.activities)).first(where: { $0.day == day })?.place {
            points.streak = 5 * min(place, 7)
        }
        return points
    }

    /// Points for one activity's distance: `10·k + k²/10`, k in kilometres, rounded down.
    ///
    /// ```swift
    /// Points.distancePoints(kilometers: 10)  // 110
    /// ```
    public static func distancePoints(kilometers k: Double) -> Int {
        guard k.isFinite, k > 0 else { return 0 }
        return Int((10 * k + k * k / 10).rounded(.down))
    }

    /// Points for `activity`, a ride's distance counted at a quarter.
    public static func distancePoints(_ activity: ActivityFact) -> Int {
        distancePoints(kilometers: activity.distanceMeters / 1000 * (activity.sport == .ride ? 0.25 : 1))
    }

    /// The points of each active day, `5 × min(n, 7)` for the n-th day of a streak.
    /// - Complexity: O(n log n).
    public static func streakPoints(_ days: Set<LocalDay>) -> Int {
        DailyStreak.places(of: days).reduce(0) { $0 + 5 * min($1.place, 7) }
    }

    /// Points for exercising with `size` people (the user included): 10 per other person, at most 9 others.
    public static func groupPoints(size: Int) -> Int { 10 * min(max(size - 1, 0), 9) }

    public static let discoveryPoints = 25
    public static let stagePoints = 50

    /// Points for completing a mission with `medal`.
    public static func missionPoints(medal: Medal?) -> Int {
        switch medal {
        case .gold: 350
        case .silver: 300
        case .bronze: 250
        case nil: 200
        }
    }
}
