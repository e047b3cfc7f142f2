import Foundation

extension RoutingGraph {
    /// A place on an edge: where a tapped point lands on the nearest way.
    public struct Snap: Sendable, Hashable {
        /// The edge's number.
        public var edge: Int
        /// The segment it lies on, by the segment's first point's number.
        var segment: Int
        /// How far along the segment, 0 at its first point to 1 at its second.
        var fraction: Double
        /// The place itself.
        public var coordinate: Coordinate
        /// Metres from the edge's first point along it.
        public var offset: Double
        /// Metres from the tapped point.
        public var distance: Double
    }

    /// How far from a way a tapped point may be to be put on it: 250 m.
    public static let snapRadius = 250.0

    /// The nearest place to `coordinate` on an edge `mode` may take, within `radius` metres; nil when none is.
    /// - Complexity: O(s) in the segments filed in the cells within `radius`.
    public func snap(_ coordinate: Coordinate, mode: TravelMode, radius: Double = RoutingGraph.snapRadius) -> Snap? {
        var best: (segment: Int, fraction: Double, distance: Double)?
        cells.forEachSegment(near: coordinate, radius: radius) { segment in
            guard edges[Int(pointEdge[segment])].access.allows(mode) else { return }
            let a = Geodesy.offset(from: coordinate, to: self.coordinate(segment))
            let b = Geodesy.offset(from: coordinate, to: self.coordinate(segment + 1))
            let (dx, dy) = (b.east - a.east, b.north - a.north)
            let squared = dx * dx + dy * dy
            let fraction = squared > 0 ? min(1, max(0, -(a.east * dx + a.north * dy) / squared)) : 0
            let (x, y) = (a.east + fraction * dx, a.north + fraction * dy)
            let distance = (x * x + y * y).squareRoot()
            if distance <= radius, distance < best?.distance ?? .infinity { best = (segment, fraction, distance) }
        }
        guard let best else { return nil }
        let edge = Int(pointEdge[best.segment])
        var offset = 0.0
        for index in edges[edge].points.lowerBound..<best.segment { offset += Geodesy.distance(self.coordinate(index), self.coordinate(index + 1)) }
        let start = self.coordinate(best.segment), end = self.coordinate(best.segment + 1)
        let place = Coordinate(latitude: start.latitude + best.fraction * (end.latitude - start.latitude),
                               longitude: start.longitude + best.fraction * (end.longitude - start.longitude))
        offset += Geodesy.distance(start, place)
        return Snap(edge: edge, segment: best.segment, fraction: best.fraction, coordinate: place, offset: min(offset, edges[edge].length), distance: best.distance)
    }

    /// The elevation at `snap`, between its segment's points' (nil where either is unknown).
    func elevation(at snap: Snap) -> Double? {
        guard let a = elevation(snap.segment), let b = elevation(snap.segment + 1) else { return nil }
        return a + snap.fraction * (b - a)
    }
}
