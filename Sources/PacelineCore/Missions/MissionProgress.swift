import Foundation

/// How far a user has come on a journey: the distance credited, the stages completed
/// (with when), the routes completed (with their medals) and the finish.
///
/// Distance past a stage's end carries into the next stage, and past a route's end into
/// the next route; past the journey's end it is not credited.
///
/// ```swift
/// var progress = MissionProgress(journey, startedAt: joined)
/// let advance = progress.advance(by: 3_200, at: runEnd)
/// advance.stagesCompleted   // the stages this run completed
/// ```
public struct MissionProgress: Sendable, Hashable {
    public let journey: MissionJourney
    /// When the user joined: the clock of the first route's medal starts here.
    public let startedAt: Date
    /// Metres credited, at most the journey's length.
    public private(set) var distance = 0.0
    /// In journey order.
    public private(set) var stagesCompleted: [StageCompletion] = []
    /// In journey order.
    public private(set) var routesCompleted: [RouteCompletion] = []

    public init(_ journey: MissionJourney, startedAt: Date) {
        self.journey = journey
        self.startedAt = startedAt
    }

    /// When the last stage was completed; nil until then.
    public var finishedAt: Date? { stagesCompleted.count == journey.legs.count ? stagesCompleted.last?.date : nil }

    /// Where the user is now.
    /// - Complexity: O(log legs + log points of the route).
    public var position: JourneyPosition { journey.position(at: distance) }

    /// Metres still to go.
    public var remaining: Double { journey.length - distance }

    /// Moves the user `metres` along (an activity that ended at `date`); returns what it credited and completed.
    /// - Complexity: O(1 + stages completed).
    @discardableResult
    public mutating func advance(by metres: Double, at date: Date) -> MissionAdvance {
        let before = distance
        distance = min(journey.length, before + max(0, metres))
        var advance = MissionAdvance(credited: distance - before)
        while stagesCompleted.count < journey.legs.count, journey.legs[stagesCompleted.count].end <= distance {
            let leg = journey.legs[stagesCompleted.count]
            stagesCompleted.append(StageCompletion(stage: leg.stage, date: date))
            advance.stagesCompleted.append(leg.stage)
            let isRouteEnd = stagesCompleted.count == journey.legs.count
                || journey.legs[stagesCompleted.count].stage.route != leg.stage.route
            if isRouteEnd {
                let route = completeRoute(leg.stage.route, at: date)
                routesCompleted.append(route)
                advance.routesCompleted.append(route)
            }
        }
        advance.finished = finishedAt != nil && before < journey.length
        return advance
    }

    /// The route's time runs from entering it (joining, or completing the route before) to `date`.
    private func completeRoute(_ route: Int, at date: Date) -> RouteCompletion {
        let entered = routesCompleted.last?.date ?? startedAt
        let seconds = date.timeIntervalSince(entered)
        let medal = journey.coversAll(ofRoute: route) ? journey.mission.routes[route].medals.medal(forSeconds: seconds) : nil
        return RouteCompletion(route: route, date: date, seconds: seconds, medal: medal)
    }
}

/// A stage completed, and when: its photo is unlocked from then on.
public struct StageCompletion: Sendable, Hashable, Codable {
    public var stage: StageIndex
    public var date: Date
}

/// A route completed: when, in how long, and the medal (nil when slower than bronze, or
/// when the journey starts or ends part way along the route).
public struct RouteCompletion: Sendable, Hashable, Codable {
    public var route: Int
    public var date: Date
    public var seconds: TimeInterval
    public var medal: Medal?
}

/// What one activity did to a user's progress.
public struct MissionAdvance: Sendable, Hashable {
    /// Metres credited (less than offered at the journey's end).
    public var credited: Double
    public var stagesCompleted: [StageIndex] = []
    public var routesCompleted: [RouteCompletion] = []
    /// Whether this advance finished the journey.
    public var finished = false
}
