import Foundation
import PacelineMaps
import PacelineTestSupport
import Testing

/// Files that are not whole extracts are refused with what is wrong, never read in part.
@Suite struct OSMExtractRefusalTests {
    @Test func aGPXFileIsNotAnExtract() throws {
        let gpx = Fixtures.track("gpx/Mojstrovka.gpx")
        #expect(throws: ExtractProblem.notAnExtract) { try OSMExtract(url: gpx).forEachBlock { _ in } }
    }

    @Test func anEmptyFileIsNotAnExtract() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID()).osm.pbf")
        try Data().write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: ExtractProblem.notAnExtract) { try OSMExtract(url: url).forEachBlock { _ in } }
    }
}

/// Extracts made to outgrow memory are refused while being read.
@Suite struct HostileExtractTests {
    @Test("a way of more nodes than OpenStreetMap allows is refused, naming it")
    func longWay() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("long-way-\(UUID()).osm.pbf")
        defer { try? FileManager.default.removeItem(at: url) }
        _ = try PythonPeer.runJSON("""
            import osmium, sys
            writer = osmium.SimpleWriter(sys.argv[1])
            for i in range(1, 2003):
                writer.add_node(osmium.osm.mutable.Node(id=i, location=(-0.1 + i * 1e-5, 51.5)))
            writer.add_way(osmium.osm.mutable.Way(id=1, nodes=list(range(1, 2003)), tags={"highway": "footway"}))
            writer.close()
            print(1)
            """, arguments: [url.path], requiring: [.osmium])
        #expect(throws: ExtractProblem.overLimit("way 1 of 2002 nodes (OpenStreetMap allows 2000)")) { try ExtractGraph(reading: OSMExtract(url: url)) }
    }
}
