import Foundation
import PacelineCore
import PacelineMaps
import PacelineSynthetic
import PacelineTestSupport
import Testing

/// Legs compared with an independent router on the same extract: routino (Debian's), its
/// shortest routes with neutral preferences (`Tests/maps/routino_legs.py`). Each leg's
/// length must be within 1 % of routino's path, measured by the same geodesic (routino's
/// own metres are rounded down segment by segment on a sphere); where routino finds no
/// way, neither may the planner. The legs join nodes of the extract: routino starts a path
/// at the node nearest the point asked, the planner at the point itself.
@Suite("Planner against routino")
struct RouterComparisonTests {
    /// Routino's paths for `legs`, each nil where it found none.
    static func routino(_ extract: URL, legs: [(Coordinate, Coordinate)], transport: String) throws -> [[Coordinate]?] {
        let request = String(decoding: try JSONSerialization.data(withJSONObject: legs.map { [$0.0.latitude, $0.0.longitude, $0.1.latitude, $0.1.longitude] }), as: UTF8.self)
        let script = TownMap.repository.appendingPathComponent("Tests/maps/routino_legs.py").path
        let answer: Any
        do {
            answer = try PythonPeer.runJSON("""
                import io, runpy, sys
                sys.stdin = io.StringIO(sys.argv[1]); sys.argv = sys.argv[2:]
                runpy.run_path(sys.argv[0], run_name='__main__')
                """, arguments: [request, script, extract.path, "--transport", transport, "--points"])
        } catch let failure as PythonPeer.Failure where failure.description.contains("(exit 3)") {
            try Test.cancel("skipped: routino could not be installed (\(failure.description.split(separator: "\n").last ?? ""))")
        }
        let items = try #require(answer as? [Any], "routino_legs.py printed no list")
        return items.map { item in
            ((item as? [String: Any])?["points"] as? [[Double]])?.map { Coordinate(latitude: $0[0], longitude: $0[1]) }
        }
    }

    /// Compares the planner's legs with routino's: returns the largest relative difference.
    static func compare(_ extract: URL, legs: [(Coordinate, Coordinate)], mode: TravelMode, transport: String) throws -> (worst: Double, compared: Int) {
        let router = Router(graph: RoutingGraph(try ExtractGraph(reading: OSMExtract(url: extract)).stretches))
        let theirs = try routino(extract, legs: legs, transport: transport)
        var worst = 0.0, compared = 0
        for (index, (from, to)) in legs.enumerated() {
            let ours = try? router.leg(from: from, to: to, mode: mode, snap: true)
            guard let path = theirs[index] else {
                #expect(ours == nil, "routino found no way for leg \(index); the planner found \(ours?.distance ?? 0) m")
                continue
            }
            let leg = try #require(ours, "the planner found no way for leg \(index); routino did (\(Geodesy.length(of: path)) m)")
            let theirs = Geodesy.length(of: path)
            let difference = abs(leg.distance - theirs) / max(1, theirs)
            #expect(difference <= 0.01, "leg \(index): \(leg.distance) m against routino's \(theirs) m")
            worst = max(worst, difference)
            compared += 1
        }
        return (worst, compared)
    }

    @Test("the town's legs, on foot and by bike: over the bridge, round the one-way street, never to the island")
    func town() throws {
        let (url, places) = try TownMap.extract()
        let pairs = [("west_start", "east_end"), ("east_end", "west_start"), ("west_start", "island"), ("oneway_start", "oneway_end"),
                     ("oneway_end", "oneway_start"), ("private_a", "private_b"), ("private_foot_a", "private_foot_b"), ("footway_a", "footway_b"),
                     ("steps_a", "steps_b"), ("cycleway_a", "cycleway_b"), ("foot_no_a", "foot_no_b"), ("service_a", "service_b")]
        let legs = try pairs.map { (try #require(places[$0.0]), try #require(places[$0.1])) }
        for (mode, transport) in [(TravelMode.foot, "foot"), (.bike, "bicycle")] {
            let (worst, compared) = try Self.compare(url, legs: legs, mode: mode, transport: transport)
            #expect(compared >= 10 && worst <= 0.01)
        }
    }

    @Test("60 random legs on foot across a synthetic city of 100,000 nodes")
    func city() throws {
        let (url, _) = try CityMap.extract(nodes: 100_000, seed: 5)
        let stretches = try ExtractGraph(reading: OSMExtract(url: url)).stretches.filter { $0.access.allows(.foot) }
        var random = SeededRandom(seed: 11)
        // Nodes of ways walkers may take, picked at random.
        func place() -> Coordinate { stretches.randomElement(using: &random)!.coordinates.randomElement(using: &random)! }
        let legs = (0..<60).map { _ in (place(), place()) }
        let (worst, compared) = try Self.compare(url, legs: legs, mode: .foot, transport: "foot")
        #expect(compared >= 50, "legs both routers planned: \(compared)")
        print("RouterComparison: \(compared) legs on the city, largest difference \(String(format: "%.3f", worst * 100)) %")
    }
}
