import Foundation

/// Plans legs and loops: along the ways of a `RoutingGraph` when there is one and the leg
/// snaps, else the straight line, measured the same way either way. Elevations of a
/// straight leg come from `elevation` (a digital elevation model), every `sampleSpacing`
/// metres, so a hill between its ends is in its climb.
///
/// ```swift
/// let router = Router(graph: graph, elevation: { model.elevation(at: $0) })
/// let leg = try router.leg(from: a, to: b, mode: .foot, snap: true)
/// ```
public struct Router: Sendable {
    /// The longest leg, in a straight line from one waypoint to the next: 50 km.
    public static let longestLeg = 50_000.0
    /// The spacing of a straight leg's elevation samples: 25 m.
    static let sampleSpacing = 25.0

    public let graph: RoutingGraph?
    private let elevation: @Sendable (Coordinate) -> Double?

    public init(graph: RoutingGraph?, elevation: @escaping @Sendable (Coordinate) -> Double? = { _ in nil }) {
        self.graph = graph
        self.elevation = elevation
    }

    /// The leg from `start` to `end` for `mode`: along the ways (`snap`), its ends put on
    /// the nearest way within `RoutingGraph.snapRadius`, or the straight line.
    /// - Throws: `RoutingProblem`: `.tooFar` past `longestLeg`; snapping, `.noMap`
    ///   without a graph, `.notOnMap` for an end far from any way, `.noWay`.
    public func leg(from start: Coordinate, to end: Coordinate, mode: TravelMode, snap: Bool) throws(RoutingProblem) -> PlannedLeg {
        let straight = Geodesy.distance(start, end)
        guard straight <= Self.longestLeg else { throw .tooFar(meters: straight) }
        guard snap else { return straightLeg(from: start, to: end, length: straight) }
        guard let graph, graph.junctionCount > 0 else { throw .noMap }
        guard let from = graph.snap(start, mode: mode) else { throw .notOnMap(end: 0) }
        guard let to = graph.snap(end, mode: mode) else { throw .notOnMap(end: 1) }
        return try graph.leg(from: from, to: to, mode: mode)
    }

    /// The straight line from `start` to `end`, `length` metres, with a point every
    /// `sampleSpacing` metres when the model has heights for them all.
    private func straightLeg(from start: Coordinate, to end: Coordinate, length: Double) -> PlannedLeg {
        let steps = max(1, Int((length / Self.sampleSpacing).rounded(.up)))
        let samples = (0...steps).map { step in
            let f = Double(step) / Double(steps)
            return Coordinate(latitude: start.latitude + f * (end.latitude - start.latitude),
                              longitude: start.longitude + f * (end.longitude - start.longitude))
        }
        let heights = samples.map(elevation)
        guard heights.allSatisfy({ $0 != nil }) else {
            return PlannedLeg(points: [start, end], elevations: [heights.first ?? nil, heights.last ?? nil], distance: length, snapped: false)
        }
        return PlannedLeg(points: samples, elevations: heights, distance: length, snapped: false)
    }
}
