import Foundation

/// The part of a mission a user chose to travel: from the start of one stage to the end
/// of another (possibly on a later route), as one line of consecutive legs.
///
/// ```swift
/// let journey = try MissionJourney(mission, from: StageIndex(route: 0, stage: 0), to: StageIndex(route: 1, stage: 2))
/// journey.position(at: 12_000).stage   // the stage 12 km in, and where on the map
/// ```
public struct MissionJourney: Sendable, Hashable {
    public let mission: Mission
    /// The first stage travelled.
    public let first: StageIndex
    /// The last stage travelled.
    public let last: StageIndex
    /// Each stage from `first` to `last`, in order, with where it lies on the journey.
    public let legs: [Leg]

    /// One stage of the journey.
    public struct Leg: Sendable, Hashable {
        public var stage: StageIndex
        /// Metres from the journey's start to this stage's start.
        public var start: Double
        /// Metres from the journey's start to this stage's end.
        public var end: Double
    }

    /// - Throws: `MissionError` when a stage does not exist or `last` comes before `first`.
    /// - Complexity: O(stages).
    public init(_ mission: Mission, from first: StageIndex, to last: StageIndex) throws(MissionError) {
        for index in [first, last] {
            guard mission.routes.indices.contains(index.route), mission.routes[index.route].stages.indices.contains(index.stage) else {
                throw MissionError("mission \(mission.id) has no stage \(index.stage + 1) on route \(index.route + 1)")
            }
        }
        guard first <= last else { throw MissionError("the end stage comes before the start stage") }
        var legs: [Leg] = []
        var distance = 0.0
        for route in first.route...last.route {
            let stages = mission.routes[route].stages
            let from = route == first.route ? first.stage : 0
            let to = route == last.route ? last.stage : stages.count - 1
            for stage in from...to {
                legs.append(Leg(stage: StageIndex(route: route, stage: stage), start: distance, end: distance + stages[stage].length))
                distance += stages[stage].length
            }
        }
        self.mission = mission
        self.first = first
        self.last = last
        self.legs = legs
    }

    /// The whole mission, first stage to last.
    public init(_ mission: Mission) throws(MissionError) {
        guard let lastRoute = mission.routes.indices.last else { throw MissionError("mission \(mission.id) has no routes") }
        try self.init(mission, from: StageIndex(route: 0, stage: 0),
                      to: StageIndex(route: lastRoute, stage: mission.routes[lastRoute].stages.count - 1))
    }

    /// Metres from start to end.
    public var length: Double { legs.last?.end ?? 0 }

    /// Whether the journey covers every stage of `route`.
    public func coversAll(ofRoute route: Int) -> Bool {
        first <= StageIndex(route: route, stage: 0)
            && StageIndex(route: route, stage: mission.routes[route].stages.count - 1) <= last
    }

    /// Where a user `distance` metres into the journey is: the stage, metres into it, and
    /// the point on the map. At or past the end: the end of the last stage.
    /// - Complexity: O(log legs + log points of the route).
    public func position(at distance: Double) -> JourneyPosition {
        let distance = min(max(0, distance), length)
        // The first leg that ends past `distance` (the last leg at the very end).
        var low = 0, high = legs.count - 1
        while low < high {
            let middle = (low + high) / 2
            if legs[middle].end <= distance { low = middle + 1 } else { high = middle }
        }
        let leg = legs[low]
        let stage = mission[leg.stage]
        let into = distance - leg.start
        let coordinate = mission.routes[leg.stage.route].path.coordinate(at: stage.start + into)
        return JourneyPosition(leg: low, stage: leg.stage, metresIntoStage: into, coordinate: coordinate)
    }
}

/// A place on a journey.
public struct JourneyPosition: Sendable, Hashable {
    /// Index in `MissionJourney.legs`.
    public var leg: Int
    public var stage: StageIndex
    public var metresIntoStage: Double
    public var coordinate: Coordinate
}

/// A mission file or a choice of stages that can't be used, with what is wrong.
public struct MissionError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
