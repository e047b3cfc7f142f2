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
