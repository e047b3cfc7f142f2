/// One leg of a planned route, from one waypoint to the next: its line, the elevation
/// under each of its points where the map has one, and what it measures.
public struct PlannedLeg: Sendable, Hashable {
    /// Its points, from the start (the first waypoint as put on the way) to the end.
    public var points: [Coordinate]
    /// The elevation at each point, nil where unknown.
    public var elevations: [Double?]
    /// Metres along `points` (geodesic, as every distance in Paceline).
    public var distance: Double
    /// Whether it follows the ways (else it is the straight line).
    public var snapped: Bool

    public init(points: [Coordinate], elevations: [Double?], distance: Double, snapped: Bool) {
        self.points = points
        self.elevations = elevations
        self.distance = distance
        self.snapped = snapped
    }

    /// Metres climbed and descended along it: every rise and fall between its points'
    /// elevations added up (the model's heights are the ground's, with no noise to filter),
    /// so a route's climb is its legs' sum; nil where any point's elevation is unknown.
    public var climb: (ascent: Double, descent: Double)? {
        var ascent = 0.0, descent = 0.0
        guard var previous = elevations.first ?? nil else { return nil }
        for elevation in elevations.dropFirst() {
            guard let elevation else { return nil }
            if elevation > previous { ascent += elevation - previous } else { descent += previous - elevation }
            previous = elevation
        }
        return (ascent, descent)
    }
}

/// Why a leg could not be planned.
public enum RoutingProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The point (`0` the leg's start, `1` its end) is farther than `RoutingGraph.snapRadius` from any way the mode may take.
    case notOnMap(end: Int)
    /// No way joins the two points for the mode (an island, a river without a bridge, one-way streets).
    case noWay
    /// The two points are farther apart than a leg may be.
    case tooFar(meters: Double)
    /// The instance has no map to follow ways on: only straight legs can be planned.
    case noMap

    public var description: String {
        switch self {
        case .notOnMap(let end):
            "the \(end == 0 ? "start" : "end") of the leg is more than \(Int(RoutingGraph.snapRadius)) m from any way you may take: tap nearer a path, or switch snapping off for this leg"
        case .noWay: "no way joins these two points: they may be on an island, across water, or against one-way streets"
        case .noMap: "this server has no map data yet (its host can add some with `paceline map import`): switch snapping off to draw straight legs"
        case .tooFar(let meters): "a leg may be at most \(Int(Router.longestLeg / 1000)) km in a straight line; this one is \(Int(meters / 1000)) km: add a waypoint between"
        }
    }
}
