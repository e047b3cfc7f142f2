import Foundation

extension RoutingGraph {
    /// Junctions an A* search settles at most before it gives up (a leg of 50 km in a city
    /// settles a few hundred thousand).
    static let searchLimit = 2_000_000
    /// How much longer than the straight line a leg may be before the search gives up: 3
    /// times, and 2 km. A way to an island or across a river without a bridge is then
    /// looked for within that ellipse only, not through the whole map.
    static func longestDetour(straight: Double) -> Double { 3 * straight + 2_000 }

    /// How a found leg reaches its end.
    private enum Arrival {
        /// Along the start's own edge, without a junction.
        case direct
        /// At the end edge's first junction, then forward along it.
        case fromStart
        /// At the end edge's last junction, then backward along it.
        case fromEnd
    }

    /// The shortest leg from `start` to `end` along ways `mode` may take, by A* over the
    /// junctions (the straight-line distance to the end, a lower bound, guiding it).
    /// - Throws: `RoutingProblem.noWay` when none joins them.
    /// - Complexity: O(j log j) in the junctions settled: those nearer than the leg's length, about.
    public func leg(from start: Snap, to end: Snap, mode: TravelMode) throws(RoutingProblem) -> PlannedLeg {
        let first = edges[start.edge], last = edges[end.edge]
        var best = Double.infinity
        var arrival: Arrival?
        if start.edge == end.edge {
            let forward = end.offset >= start.offset
            if end.offset == start.offset || first.access.allows(mode, forward: forward) { best = abs(end.offset - start.offset); arrival = .direct }
        }
        let giveUp = Self.longestDetour(straight: Geodesy.distance(start.coordinate, end.coordinate))
        var cost = [Double](repeating: .infinity, count: junctionCount)
        // The link each junction was reached by; -2: from the start backward along its edge, -3: forward.
        var via = [Int32](repeating: -1, count: junctionCount)
        var heap = MinHeap()
        let radians = Double.pi / 180
        let (targetLatitude, targetLongitude) = (end.coordinate.latitude, end.coordinate.longitude)
        // Metres per degree, below the ellipsoid's at any latitude: the estimate never exceeds the distance.
        let perDegree = 6_330_000 * radians, perLongitudeDegree = perDegree * cos(targetLatitude * radians)
        func reach(_ junction: Int32, cost reached: Double, by link: Int32) {
            let j = Int(junction)
            guard reached < cost[j] else { return }
            cost[j] = reached
            via[j] = link
            let north = (junctionLatitudes[j] - targetLatitude) * perDegree
            let east = (junctionLongitudes[j] - targetLongitude) * min(perLongitudeDegree, perDegree * cos(junctionLatitudes[j] * radians))
            heap.push(.init(key: reached + (north * north + east * east).squareRoot(), junction: junction, cost: reached))
        }
        if first.access.allows(mode, forward: false) { reach(first.from, cost: start.offset, by: -2) }
        if first.access.allows(mode, forward: true) { reach(first.to, cost: first.length - start.offset, by: -3) }
        let intoForward = last.access.allows(mode, forward: true), intoBackward = last.access.allows(mode, forward: false)
        var settled = 0
        while let entry = heap.pop(), entry.key < best, entry.key <= giveUp, settled < Self.searchLimit {
            let j = Int(entry.junction)
            guard entry.cost <= cost[j] else { continue }
            settled += 1
            if j == Int(last.from), intoForward, cost[j] + end.offset < best { best = cost[j] + end.offset; arrival = .fromStart }
            if j == Int(last.to), intoBackward, cost[j] + last.length - end.offset < best { best = cost[j] + last.length - end.offset; arrival = .fromEnd }
            for index in Int(firstLink[j])..<Int(firstLink[j + 1]) {
                let link = links[index]
                let edge = edges[Int(link >> 1)]
                let backward = link & 1 == 1
                guard edge.access.allows(mode, forward: !backward) else { continue }
                reach(backward ? edge.from : edge.to, cost: cost[j] + edge.length, by: link)
            }
        }
        guard let arrival else { throw .noWay }
        var line = LegLine(graph: self, start: start)
        switch arrival {
        case .direct:
            if end.offset >= start.offset {
                line.add(from: start.segment + 1, through: end.segment, forward: true)
            } else {
                line.add(from: end.segment + 1, through: start.segment, forward: false)
            }
        case .fromStart, .fromEnd:
            var chain: [Int32] = []
            var j = Int(arrival == .fromStart ? last.from : last.to)
            while via[j] >= 0 {
                let link = via[j]
                chain.append(link)
                let edge = edges[Int(link >> 1)]
                j = Int(link & 1 == 1 ? edge.to : edge.from)
            }
            if via[j] == -2 {
                line.add(from: first.points.lowerBound, through: start.segment, forward: false)
            } else {
                line.add(from: start.segment + 1, through: first.points.upperBound - 1, forward: true)
            }
            for link in chain.reversed() {
                let points = edges[Int(link >> 1)].points
                line.add(from: points.lowerBound, through: points.upperBound - 1, forward: link & 1 == 0)
            }
            if arrival == .fromStart {
                line.add(from: last.points.lowerBound, through: end.segment, forward: true)
            } else {
                line.add(from: end.segment + 1, through: last.points.upperBound - 1, forward: false)
            }
        }
        line.append(end.coordinate, elevation(at: end))
        return line.leg
    }
}

/// A leg's line as it is put together: points in order, each only once where two stretches meet.
private struct LegLine {
    let graph: RoutingGraph
    var points: [Coordinate] = []
    var elevations: [Double?] = []

    init(graph: RoutingGraph, start: RoutingGraph.Snap) {
        self.graph = graph
        append(start.coordinate, graph.elevation(at: start))
    }

    /// The graph's points `first` through `last` (none when `first > last`), in that
    /// order (`forward`) or from `last` back to `first`.
    mutating func add(from first: Int, through last: Int, forward: Bool) {
        guard first <= last else { return }
        for index in forward ? Array(first...last) : (first...last).reversed() { append(graph.coordinate(index), graph.elevation(index)) }
    }

    mutating func append(_ coordinate: Coordinate, _ elevation: Double?) {
        if let previous = points.last, previous == coordinate { return }
        points.append(coordinate)
        elevations.append(elevation)
    }

    var leg: PlannedLeg {
        if points.count == 1 { return PlannedLeg(points: points + points, elevations: elevations + elevations, distance: 0, snapped: true) }
        return PlannedLeg(points: points, elevations: elevations, distance: Geodesy.length(of: points), snapped: true)
    }
}
