import Foundation
import PacelineAPI
import PacelineServer
import PacelineTestSupport
import Testing

/// `paceline map import` makes an extract the map a running server plans on; a file that
/// is not a whole extract is refused, saying why, and the map before stays.
extension UploadCommandTests {
    @Test("paceline map import reads the town, says what it kept, and the running server plans on it at once; a bad file changes nothing")
    func mapImport() async throws {
        let (extract, _) = try TownMap.extract()
        try await withServer(.sqlite) { server in
            guard case .sqlite(let path) = server.location else { return }
            let imported = try PacelineCLI.run(["map", "import", extract.path, "--database", path])
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout.contains(": ") && imported.stdout.contains(" ways, ") && imported.stdout.contains("elevations: no"), "\(imported.stdout)")
            #expect(imported.stderr.contains("reading ways: 100 %") && imported.stderr.contains("stored "), "\(imported.stderr)")
            let ann = try await server.newUser("Ann")
            let coverage = try await ann.client.getMapCoverage().ok.body.json
            #expect(coverage.imported && coverage.junctions > 50)

            let gpx = Fixtures.track("gpx/Mojstrovka.gpx")
            let refused = try PacelineCLI.run(["map", "import", gpx.path, "--database", path])
            #expect(refused.status == 65 && refused.stderr.contains("not an OpenStreetMap extract"), "\(refused.stderr)")
            let missing = try PacelineCLI.run(["map", "import", "/nonexistent/city.osm.pbf", "--database", path])
            #expect(missing.status == 66)
            #expect(try await ann.client.getMapCoverage().ok.body.json.importedAt == coverage.importedAt, "the map before stays")
        }
    }
}
