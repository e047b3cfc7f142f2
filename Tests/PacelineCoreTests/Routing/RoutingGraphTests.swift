import Foundation
@testable import PacelineCore
import PacelineSynthetic
import Testing

/// Legs on a graph (`RoutingGraph`, `Router`): snapping, the shortest way by A* checked
/// against a plain Dijkstra over every junction, one-way streets, the straight line.
@Suite("Routing graph")
struct RoutingGraphTests {
    static let origin = Coordinate(latitude: 51.5, longitude: -0.1)

    /// The point `east` and `north` metres from the origin.
    static func at(east: Double, north: Double) -> Coordinate {
        PlannedLoop.destination(from: origin, meters: (east * east + north * north).squareRoot(), bearing: atan2(east, north) * 180 / .pi)
    }

    /// A grid of `size` × `size` junctions `spacing` metres apart, streets between
    /// neighbours (each with a point in the middle), the row `onewayRow` one-way east for bikes.
    static func grid(size: Int, spacing: Double = 100, onewayRow: Int? = nil) -> RoutingGraph {
        var stretches: [RoutingGraph.Stretch] = []
        func junction(_ x: Int, _ y: Int) -> Int32 { Int32(y * size + x) }
        func street(_ a: (Int, Int), _ b: (Int, Int), access: WayAccess) {
            let start = at(east: Double(a.0) * spacing, north: Double(a.1) * spacing)
            let end = at(east: Double(b.0) * spacing, north: Double(b.1) * spacing)
            let middle = Coordinate(latitude: (start.latitude + end.latitude) / 2, longitude: (start.longitude + end.longitude) / 2)
            stretches.append(.init(from: junction(a.0, a.1), to: junction(b.0, b.1), access: access, coordinates: [start, middle, end],
                                   elevations: [Double(a.1) * 10, Double(a.1 + b.1) * 5, Double(b.1) * 10]))
        }
        for y in 0..<size {
            for x in 0..<size {
                if x + 1 < size { street((x, y), (x + 1, y), access: y == onewayRow ? [.foot, .bikeForward] : [.foot, .bikeForward, .bikeBackward]) }
                if y + 1 < size { street((x, y), (x, y + 1), access: [.foot, .bikeForward, .bikeBackward]) }
            }
        }
        return RoutingGraph(stretches)
    }

    @Test("a tapped point lands on the nearest way within 250 m, or nowhere")
    func snapping() throws {
        let graph = Self.grid(size: 3)
        let snap = try #require(graph.snap(Self.at(east: 150, north: 12), mode: .foot))
        #expect(abs(snap.distance - 12) < 0.1)
        #expect(abs(Geodesy.distance(snap.coordinate, Self.at(east: 150, north: 0))) < 0.1)
        #expect(abs(snap.offset - 50) < 0.3, "50 m along the street from (100, 0)")
        #expect(graph.snap(Self.at(east: 100, north: 460), mode: .foot) == nil, "260 m north of the grid")
    }

    @Test("A* finds the shortest leg Dijkstra finds, between 200 random pairs of places")
    func shortestAsDijkstra() throws {
        // A grid with some streets gone, so that shortest ways bend.
        var random = SeededRandom(seed: 42)
        let full = Self.grid(size: 12)
        var stretches = (0..<full.edges.count).map { number in
            let edge = full.edges[number]
            return RoutingGraph.Stretch(from: edge.from, to: edge.to, access: edge.access,
                                        coordinates: edge.points.map(full.coordinate), elevations: edge.points.map(full.elevation))
        }
        stretches = stretches.filter { _ in Double.random(in: 0..<1, using: &random) > 0.25 }
        let graph = RoutingGraph(stretches)
        var compared = 0
        for _ in 0..<200 {
            let a = Self.at(east: Double.random(in: 0..<1, using: &random) * 1100, north: Double.random(in: 0..<1, using: &random) * 1100)
            let b = Self.at(east: Double.random(in: 0..<1, using: &random) * 1100, north: Double.random(in: 0..<1, using: &random) * 1100)
            guard let from = graph.snap(a, mode: .foot), let to = graph.snap(b, mode: .foot) else { continue }
            let expected = Self.dijkstra(graph, from: from, to: to)
            if let leg = try? graph.leg(from: from, to: to, mode: .foot) {
                #expect(abs(leg.distance - expected) < 0.01, "\(leg.distance) vs \(expected)")
                #expect(leg.points.first == from.coordinate && leg.points.last == to.coordinate)
                compared += 1
            } else {
                #expect(expected == .infinity)
            }
        }
        #expect(compared > 150)
    }

    @Test("bikes go round a one-way street that walkers take both ways")
    func oneway() throws {
        let graph = Self.grid(size: 3, onewayRow: 0)
        let router = Router(graph: graph)
        let (west, east) = (Self.at(east: 10, north: 0), Self.at(east: 190, north: 0))
        #expect(abs(try router.leg(from: east, to: west, mode: .foot, snap: true).distance - 180) < 1)
        #expect(abs(try router.leg(from: west, to: east, mode: .bike, snap: true).distance - 180) < 1)
        let round = try router.leg(from: east, to: west, mode: .bike, snap: true)
        #expect(abs(round.distance - 420) < 1.5, "on to the corner, up a block, back two, down and on: \(round.distance)")
    }

    @Test("legs on one street both ways, on a graph with no way between, and straight")
    func edges() throws {
        let graph = Self.grid(size: 2)
        let router = Router(graph: graph, elevation: { _ in 30 })
        let along = try router.leg(from: Self.at(east: 20, north: 0), to: Self.at(east: 70, north: 0), mode: .foot, snap: true)
        #expect(abs(along.distance - 50) < 0.3 && along.snapped)
        let back = try router.leg(from: Self.at(east: 70, north: 0), to: Self.at(east: 20, north: 0), mode: .foot, snap: true)
        #expect(abs(back.distance - along.distance) < 1e-9)
        let straight = try router.leg(from: Self.at(east: 0, north: 0), to: Self.at(east: 100, north: 100), mode: .foot, snap: false)
        #expect(straight.distance == Geodesy.distance(Self.at(east: 0, north: 0), Self.at(east: 100, north: 100)) && !straight.snapped)
        #expect(straight.points.count == 7 && straight.climb?.ascent == 0, "a point every 25 m for the model's heights")
        #expect(throws: RoutingProblem.notOnMap(end: 1)) { try router.leg(from: Self.at(east: 0, north: 0), to: Self.at(east: 0, north: 900), mode: .foot, snap: true) }
        #expect(throws: RoutingProblem.noMap) { try Router(graph: nil).leg(from: Self.origin, to: Self.origin, mode: .foot, snap: true) }
        #expect(throws: RoutingProblem.tooFar(meters: Geodesy.distance(Self.origin, Self.at(east: 0, north: 60_000)))) {
            try router.leg(from: Self.origin, to: Self.at(east: 0, north: 60_000), mode: .foot, snap: false)
        }
        // Two streets that do not meet.
        let apart = RoutingGraph([
            .init(from: 0, to: 1, access: .foot, coordinates: [Self.at(east: 0, north: 0), Self.at(east: 100, north: 0)], elevations: [nil, nil]),
            .init(from: 2, to: 3, access: .foot, coordinates: [Self.at(east: 0, north: 200), Self.at(east: 100, north: 200)], elevations: [nil, nil]),
        ])
        #expect(throws: RoutingProblem.noWay) { try Router(graph: apart).leg(from: Self.origin, to: Self.at(east: 50, north: 200), mode: .foot, snap: true) }
    }

    @Test("a leg's climb is its rises added up; the line codes to bytes and back")
    func climbAndCoding() throws {
        let graph = Self.grid(size: 3)
        let leg = try graph.leg(from: try #require(graph.snap(Self.at(east: 0, north: 0), mode: .foot)),
                                to: try #require(graph.snap(Self.at(east: 0, north: 200), mode: .foot)), mode: .foot)
        #expect(leg.climb?.ascent == 20 && leg.climb?.descent == 0)
        let bytes = LineCoding.encode(leg.points, elevations: leg.elevations)
        let decoded = try #require(LineCoding.decode(bytes))
        #expect(decoded.elevations == leg.elevations)
        #expect(zip(decoded.coordinates, leg.points).allSatisfy { Geodesy.distance($0, $1) < 0.02 })
        #expect(LineCoding.decode(bytes.dropLast()) == nil && LineCoding.decode([2, 0, 0, 0, 0]) == nil)
    }

    @Test("a loop of about 3 km comes back to its start within 5 %, and variants head elsewhere")
    func loop() throws {
        let router = Router(graph: Self.grid(size: 21))
        let start = Self.at(east: 1000, north: 1000)
        let loop = try PlannedLoop(from: start, distance: 3000, mode: .foot, variant: 0, router: router)
        #expect(abs(loop.distance - 3000) <= 150, "\(loop.distance)")
        #expect(loop.waypoints.first == loop.waypoints.last && loop.legs.count == 3)
        let other = try PlannedLoop(from: start, distance: 3000, mode: .foot, variant: 1, router: router)
        #expect(other.waypoints[1] != loop.waypoints[1])
    }

    /// The shortest way between two snapped places by Dijkstra over every junction, without a heuristic.
    static func dijkstra(_ graph: RoutingGraph, from: RoutingGraph.Snap, to: RoutingGraph.Snap) -> Double {
        var cost = [Double](repeating: .infinity, count: graph.junctionCount)
        var done = [Bool](repeating: false, count: graph.junctionCount)
        let first = graph.edges[from.edge], last = graph.edges[to.edge]
        cost[Int(first.from)] = min(cost[Int(first.from)], from.offset)
        cost[Int(first.to)] = min(cost[Int(first.to)], first.length - from.offset)
        var best = from.edge == to.edge ? abs(to.offset - from.offset) : .infinity
        while let j = (0..<cost.count).filter({ !done[$0] && cost[$0] < .infinity }).min(by: { cost[$0] < cost[$1] }) {
            done[j] = true
            for edge in graph.edges where edge.from == j || edge.to == j {
                let other = Int(edge.from == j ? edge.to : edge.from)
                cost[other] = min(cost[other], cost[j] + edge.length)
            }
        }
        best = min(best, cost[Int(last.from)] + to.offset, cost[Int(last.to)] + last.length - to.offset)
        return best
    }
}
