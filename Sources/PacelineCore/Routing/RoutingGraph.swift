import Foundation

/// The ways of a map as a graph to plan routes on: junctions joined by stretches of way
/// (`Edge`), each with its points, its length and who may take it which way. Built once
/// from an extract's ways (`Stretch`es, as `paceline map import` keeps them), then asked
/// for legs (`leg(from:to:mode:)`) by `Router`'s A* search and snapped to by
/// `SegmentCells`. Immutable, so one graph serves every request at once.
///
/// ```swift
/// let graph = RoutingGraph(stretches)
/// let leg = try graph.leg(from: a, to: b, mode: .foot)
/// ```
/// docs/ALGORITHMS.md, "Planning a route".
public struct RoutingGraph: Sendable {
    /// One stretch of way between two junctions, as stored: its ends' junction numbers,
    /// who may take it, and its points (each with an elevation where a model had one).
    public struct Stretch: Sendable, Hashable {
        public var from: Int32
        public var to: Int32
        public var access: WayAccess
        public var coordinates: [Coordinate]
        public var elevations: [Double?]

        public init(from: Int32, to: Int32, access: WayAccess, coordinates: [Coordinate], elevations: [Double?]) {
            self.from = from
            self.to = to
            self.access = access
            self.coordinates = coordinates
            self.elevations = elevations
        }

        /// The stretch with `height`'s elevation at each point (nil where it has none).
        public func elevated(by height: (Coordinate) -> Double?) -> Stretch {
            var stretch = self
            stretch.elevations = coordinates.map(height)
            return stretch
        }
    }

    /// A stretch in the graph: its points are `points` of the graph's, its length the sum
    /// of their geodesic distances.
    public struct Edge: Sendable, Hashable {
        public var from: Int32
        public var to: Int32
        public var access: WayAccess
        public var length: Double
        public var points: Range<Int>
    }

    public let edges: [Edge]
    /// Every edge's points, edge after edge (a junction's point repeated in each edge at it).
    let latitudes: [Double]
    let longitudes: [Double]
    /// Metres above sea level, NaN where unknown.
    let elevations: [Float]
    /// The edge each point belongs to.
    let pointEdge: [Int32]
    /// Each junction's position.
    let junctionLatitudes: [Double]
    let junctionLongitudes: [Double]
    /// The edges at junction `j`: `links[firstLink[j]..<firstLink[j + 1]]`, each an edge
    /// number times two, plus one when the edge leaves `j` backward (j is its `to`).
    let firstLink: [Int32]
    let links: [Int32]
    let cells: SegmentCells

    /// The number of junctions.
    public var junctionCount: Int { junctionLatitudes.count }

    /// The graph of `stretches` (junction numbers from 0; stretches with fewer than two
    /// points are left out).
    /// - Complexity: O(p log p) in their points (the cells' sort).
    public init(_ stretches: [Stretch]) {
        let kept = stretches.filter { $0.coordinates.count >= 2 && $0.coordinates.count == $0.elevations.count && $0.from >= 0 && $0.to >= 0 }
        let junctions = Int(kept.lazy.map { max($0.from, $0.to) }.max() ?? -1) + 1
        var latitudes: [Double] = [], longitudes: [Double] = [], elevations: [Float] = [], pointEdge: [Int32] = []
        let total = kept.reduce(0) { $0 + $1.coordinates.count }
        latitudes.reserveCapacity(total); longitudes.reserveCapacity(total); elevations.reserveCapacity(total); pointEdge.reserveCapacity(total)
        var junctionLatitudes = [Double](repeating: .nan, count: junctions), junctionLongitudes = junctionLatitudes
        var degree = [Int32](repeating: 0, count: junctions + 1)
        var edges: [Edge] = []
        edges.reserveCapacity(kept.count)
        for stretch in kept {
            let start = latitudes.count
            var length = 0.0
            for (index, coordinate) in stretch.coordinates.enumerated() {
                latitudes.append(coordinate.latitude)
                longitudes.append(coordinate.longitude)
                elevations.append(stretch.elevations[index].map(Float.init) ?? .nan)
                pointEdge.append(Int32(edges.count))
                if index > 0 { length += Geodesy.distance(stretch.coordinates[index - 1], coordinate) }
            }
            junctionLatitudes[Int(stretch.from)] = stretch.coordinates[0].latitude
            junctionLongitudes[Int(stretch.from)] = stretch.coordinates[0].longitude
            junctionLatitudes[Int(stretch.to)] = stretch.coordinates[stretch.coordinates.count - 1].latitude
            junctionLongitudes[Int(stretch.to)] = stretch.coordinates[stretch.coordinates.count - 1].longitude
            degree[Int(stretch.from)] += 1
            degree[Int(stretch.to)] += 1
            edges.append(Edge(from: stretch.from, to: stretch.to, access: stretch.access, length: length, points: start..<latitudes.count))
        }
        // Compressed adjacency: each junction's links after the one before's.
        var firstLink = [Int32](repeating: 0, count: junctions + 1)
        for j in 0..<junctions { firstLink[j + 1] = firstLink[j] + degree[j] }
        var next = Array(firstLink.dropLast())
        var links = [Int32](repeating: 0, count: Int(firstLink[junctions]))
        for (number, edge) in edges.enumerated() {
            links[Int(next[Int(edge.from)])] = Int32(number) << 1
            next[Int(edge.from)] += 1
            links[Int(next[Int(edge.to)])] = Int32(number) << 1 | 1
            next[Int(edge.to)] += 1
        }
        self.edges = edges
        self.latitudes = latitudes
        self.longitudes = longitudes
        self.elevations = elevations
        self.pointEdge = pointEdge
        self.junctionLatitudes = junctionLatitudes
        self.junctionLongitudes = junctionLongitudes
        self.firstLink = firstLink
        self.links = links
        self.cells = SegmentCells(latitudes: latitudes, longitudes: longitudes, pointEdge: pointEdge)
    }

    /// Point `index`'s position.
    @inline(__always)
    func coordinate(_ index: Int) -> Coordinate { Coordinate(latitude: latitudes[index], longitude: longitudes[index]) }

    /// Point `index`'s elevation, nil where unknown.
    @inline(__always)
    func elevation(_ index: Int) -> Double? {
        let value = elevations[index]
        return value.isNaN ? nil : Double(value)
    }

    /// Where the graph's points lie, nil for an empty graph.
    public var bounds: BoundingBox? {
        guard let south = latitudes.min(), let north = latitudes.max(), let west = longitudes.min(), let east = longitudes.max() else { return nil }
        return BoundingBox(south: south, west: west, north: north, east: east)
    }
}
