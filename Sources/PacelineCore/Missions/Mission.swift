import Foundation

/// A virtual journey along real geography: routes in order, each split into stages.
/// Real runs and walks move a user along it (`MissionProgress`).
///
/// ```swift
/// let mission = try MissionFileReader.read(data)   // e.g. data/missions/scotland-canals.geojson
/// mission.routes.count                             // 2
/// ```
public struct Mission: Sendable, Hashable, Codable {
    /// Stable, URL-safe identifier (`[a-z0-9-]`, 1–64 characters): imports upsert by it.
    public var id: String
    public var name: String
    /// A sentence or two for the list of missions.
    public var summary: String
    /// Where the geometry comes from (e.g. "© OpenStreetMap contributors, ODbL").
    public var attribution: String
    public var routes: [MissionRoute]

    public init(id: String, name: String, summary: String = "", attribution: String = "", routes: [MissionRoute]) {
        self.id = id
        self.name = name
        self.summary = summary
        self.attribution = attribution
        self.routes = routes
    }

    /// Metres from the start of the first route to the end of the last.
    public var length: Double { routes.reduce(0) { $0 + $1.path.length } }

    /// The number of stages of all routes.
    public var stageCount: Int { routes.reduce(0) { $0 + $1.stages.count } }

    /// The stage at `index`.
    public subscript(index: StageIndex) -> MissionStage { routes[index.route].stages[index.stage] }
}

/// One route of a mission: a line on the map split into stages end to end.
public struct MissionRoute: Sendable, Hashable, Codable {
    public var name: String
    public var path: MissionPath
    /// End to end: the first starts at 0, each starts where the one before ends, the last ends at `path.length`.
    public var stages: [MissionStage]
    public var medals: MedalThresholds

    public init(name: String, path: MissionPath, stages: [MissionStage], medals: MedalThresholds) {
        self.name = name
        self.path = path
        self.stages = stages
        self.medals = medals
    }
}

/// A stretch of a route of a few kilometres, ending at a real place; completing it unlocks its photo.
public struct MissionStage: Sendable, Hashable, Codable {
    /// The place where the stage ends, e.g. "Falkirk Wheel".
    public var name: String
    /// Metres along the route where the stage starts.
    public var start: Double
    /// Metres along the route where the stage ends.
    public var end: Double
    public var photo: StagePhoto?

    public init(name: String, start: Double, end: Double, photo: StagePhoto? = nil) {
        self.name = name
        self.start = start
        self.end = end
        self.photo = photo
    }

    /// Metres from start to end.
    public var length: Double { end - start }
}

/// A stage's photo: an image URL and the credit its licence asks for.
public struct StagePhoto: Sendable, Hashable, Codable {
    /// An `https` URL of the image.
    public var url: String
    /// Author and licence, e.g. "Jane Doe, CC BY-SA 4.0, via Wikimedia Commons".
    public var attribution: String
    /// The file's description page, when known.
    public var page: String?

    public init(url: String, attribution: String, page: String? = nil) {
        self.url = url
        self.attribution = attribution
        self.page = page
    }
}

/// Where a stage is: its route's index in the mission and its index in the route.
public struct StageIndex: Sendable, Hashable, Codable, Comparable {
    public var route: Int
    public var stage: Int

    public init(route: Int, stage: Int) {
        self.route = route
        self.stage = stage
    }

    public static func < (a: StageIndex, b: StageIndex) -> Bool { (a.route, a.stage) < (b.route, b.stage) }
}
