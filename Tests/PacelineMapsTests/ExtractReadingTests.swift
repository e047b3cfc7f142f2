import Foundation
import PacelineCore
import PacelineMaps
import PacelineTestSupport
import Testing

/// The extract reader against an independent one (pyosmium, libosmium's): the same nodes
/// and ways, the same positions; and the graph it builds against the ways themselves.
@Suite("Reading extracts")
struct ExtractReadingTests {
    @Test("every node and way osmium reads, with its position and node list, on a city of 20,000 nodes")
    func asOsmiumReadsIt() throws {
        let (url, _) = try CityMap.extract(nodes: 20_000, seed: 3)
        let peer = try PythonPeer.runJSON("""
            import json, osmium, sys
            nodes, ways = {}, {}
            for o in osmium.FileProcessor(sys.argv[1]):
                if o.is_node(): nodes[o.id] = [o.location.lat, o.location.lon]
                elif o.is_way(): ways[o.id] = [n.ref for n in o.nodes]
            print(json.dumps({"nodes": nodes, "ways": ways}))
            """, arguments: [url.path], requiring: [.osmium]) as? [String: [String: [Double]]]
        let expectedNodes = try #require(peer?["nodes"])
        let expectedWays = try #require(peer?["ways"])
        var nodes: [String: Coordinate] = [:], ways: [String: [Int64]] = [:]
        try OSMExtract(url: url).forEachBlock { block in
            try block.forEachNode { nodes[String($0)] = $1 }
            try block.forEachWay(keeping: []) { id, refs, _ in ways[String(id)] = refs }
        }
        #expect(nodes.count == expectedNodes.count && ways.count == expectedWays.count)
        #expect(expectedNodes.allSatisfy { id, position in
            nodes[id].map { abs($0.latitude - position[0]) < 1e-7 && abs($0.longitude - position[1]) < 1e-7 } ?? false
        })
        #expect(expectedWays.allSatisfy { id, refs in ways[id] == refs.map { Int64($0) } })
    }

    @Test("the graph's stretches cover each way a person may take, end to end, joined where ways share a node")
    func graphOfTheTown() throws {
        let (url, _) = try TownMap.extract()
        let graph = try ExtractGraph(reading: OSMExtract(url: url))
        #expect(graph.missingNodes == 0 && graph.ways > 20)
        let routing = RoutingGraph(graph.stretches)
        #expect(routing.junctionCount == graph.junctions && routing.edges.count == graph.stretches.count)
        // Every stretch starts and ends at a junction whose position it shares with the others there.
        var positions: [Int32: Coordinate] = [:]
        for stretch in graph.stretches {
            for (junction, point) in [(stretch.from, stretch.coordinates[0]), (stretch.to, stretch.coordinates[stretch.coordinates.count - 1])] {
                if let known = positions[junction] { #expect(known == point) } else { positions[junction] = point }
            }
        }
        // The river, the buildings and the motorway are not in it; the island is, apart.
        let island = try TownMap.place("island")
        #expect(routing.snap(island, mode: .foot) != nil)
        #expect(throws: RoutingProblem.noWay) { try Router(graph: routing).leg(from: try TownMap.place("west_start"), to: island, mode: .foot, snap: true) }
    }

    @Test("a damaged extract is refused: cut short, a block's bytes changed")
    func damaged() throws {
        let (url, _) = try TownMap.extract()
        let bytes = try Data(contentsOf: url)
        let cut = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID()).osm.pbf")
        try bytes.prefix(bytes.count - 100).write(to: cut)
        defer { try? FileManager.default.removeItem(at: cut) }
        #expect(throws: ExtractProblem.truncated) { try ExtractGraph(reading: OSMExtract(url: cut)) }
        var changed = bytes
        for index in stride(from: bytes.count / 2, to: bytes.count / 2 + 64, by: 1) { changed[index] ^= 0x5A }
        try changed.write(to: cut)
        #expect(throws: ExtractProblem.self) { try ExtractGraph(reading: OSMExtract(url: cut)) }
    }
}
