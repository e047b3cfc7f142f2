import Foundation

/// What achievements are computed from: everything a user did that the server verified,
/// never numbers a client claims.
///
/// Each source has its own fact type; a source with nothing to say gives an empty list.
public struct AchievementFacts: Sendable, Hashable {
    public var activities: [ActivityFact]
    public var groups: [GroupFact]
    public var discoveries: [DatedFact]
    public var stages: [DatedFact]
    public var missions: [MissionFact]

    public init(activities: [ActivityFact] = [], groups: [GroupFact] = [], discoveries: [DatedFact] = [],
                stages: [DatedFact] = [], missions: [MissionFact] = []) {
        self.activities = activities
        self.groups = groups
        self.discoveries = discoveries
        self.stages = stages
        self.missions = missions
    }
}

/// One verified activity (a run or walk): the server's statistics, and the UTC offset
/// that was in force where and when it started (for local calendar days).
public struct ActivityFact: Sendable, Hashable {
    /// The run's id; badges name the activity that earned them.
    public var id: String
    public var start: Date
    /// Seconds east of UTC at the start (`LocalDay.fallbackOffset` when unknown).
    public var utcOffsetSeconds: Int
    public var sport: Sport
    public var distanceMeters: Double
    public var movingSeconds: Double
    /// The fastest time over each record distance the activity covered.
    public var bestEfforts: [BestEffort]
    /// The route the activity was run on, if any.
    public var routeID: String?

    public init(id: String, start: Date, utcOffsetSeconds: Int, sport: Sport, distanceMeters: Double,
                movingSeconds: Double, bestEfforts: [BestEffort] = [], routeID: String? = nil) {
        self.id = id
        self.start = start
        self.utcOffsetSeconds = utcOffsetSeconds
        self.sport = sport
        self.distanceMeters = distanceMeters
        self.movingSeconds = movingSeconds
        self.bestEfforts = bestEfforts
        self.routeID = routeID
    }

    /// The local calendar day the activity started on.
    public var localDay: LocalDay { LocalDay(instant: start, utcOffsetSeconds: utcOffsetSeconds) }
}

/// Exercising with others: a finished live session or an accepted invitation that took place.
public struct GroupFact: Sendable, Hashable {
    public var id: String
    public var date: Date
    /// Everyone who took part, the user included (2 or more to count).
    public var groupSize: Int

    public init(id: String, date: Date, groupSize: Int) {
        self.id = id
        self.date = date
        self.groupSize = groupSize
    }
}

/// Something done once at an instant: a point of interest discovered, a mission stage completed.
public struct DatedFact: Sendable, Hashable {
    public var id: String
    public var date: Date

    public init(id: String, date: Date) {
        self.id = id
        self.date = date
    }
}

/// A mission completed, with the medal it earned.
public struct MissionFact: Sendable, Hashable {
    public var id: String
    public var date: Date
    public var medal: Medal?

    public init(id: String, date: Date, medal: Medal?) {
        self.id = id
        self.date = date
        self.medal = medal
    }
}
