import Foundation
import PacelineTestSupport
import Testing

@Suite("paceline poi import")
struct POIImportCommandTests {
    @Test("imports Open Plaques CSV and JSON and GeoJSON, updates on a second import, refuses a bad file whole")
    func importFiles() throws {
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("poi-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) } }
        let csv = Fixtures.poi("open-plaques-sample.csv").path, json = Fixtures.poi("open-plaques-sample.json").path
        let geojson = Fixtures.poi("points.geojson").path

        // Bad files among good ones: exit 65, one line naming each and its line, nothing written.
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).csv")
        try Data("id,title,latitude,longitude\n1,A,51.5,-0.1\n2,B,north,-0.1\n".utf8).write(to: bad)
        defer { try? FileManager.default.removeItem(at: bad) }
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString).json").path
        let refused = try PacelineCLI.run(["poi", "import", csv, bad.path, missing, "--database", database])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("\(bad.path): line 3: latitude \"north\" is not a number\n"))
        #expect(refused.stderr.contains("\(missing): can't be read: "), "the file after the bad one is checked too")
        #expect(!FileManager.default.fileExists(atPath: database), "nothing written")

        let first = try PacelineCLI.run(["poi", "import", csv, json, geojson, "--database", database])
        #expect(first.status == 0, "\(first.stderr)")
        // 121 is in both Open Plaques files: one point.
        #expect(first.stdout == "imported 5, updated 0, skipped 3\n")
        #expect(first.stderr.contains("open-plaques-sample.csv: line 5: skipped: no position (not geolocated)"))
        let second = try PacelineCLI.run(["poi", "import", json, "--format", "openplaques-json", "--database", database])
        #expect(second.stdout == "imported 0, updated 2, skipped 1\n")
        let wrong = try PacelineCLI.run(["poi", "import", geojson, "--format", "openplaques-csv", "--database", database])
        #expect(wrong.status == 65 && wrong.stderr.contains("the header names no id column"))
    }
}
