import Foundation
import PacelineArchives
import PacelineHarness
import PacelineServer
import PacelineTestSupport
import Testing

// In the suite of `paceline upload`'s tests, one at a time: `PacelineCLI.run` blocks its
// thread while the server in this process answers.
extension UploadCommandTests {
    @Test("a Strava export imports with its names, sports and descriptions; unreadable files are listed; again, nothing is made twice")
    func stravaExport() async throws {
        try await withServer { server in
            let address = server.baseURL.absoluteString.replacingOccurrences(of: "/api/v1", with: "")
            let importer = try await server.newUser("Importer")
            let (client, token) = (importer.client, importer.token)
            let archive = FileManager.default.temporaryDirectory.appendingPathComponent("paceline-import-\(UUID().uuidString).zip")
            defer { try? FileManager.default.removeItem(at: archive) }
            let damaged = try Data(contentsOf: Fixtures.track("malformed/activity-unexpected-eof.fit"))
            try SyntheticHistory.write(count: 7, minutes: 5, to: archive,
                                       extra: [("activities/broken.fit", damaged)], manualEntries: 1)

            // Interrupted after the first three files: as if only those had been sent.
            let partial = FileManager.default.temporaryDirectory.appendingPathComponent("paceline-import-\(UUID().uuidString).zip")
            defer { try? FileManager.default.removeItem(at: partial) }
            try SyntheticHistory.write(count: 3, minutes: 5, to: partial)
            let first = try PacelineCLI.run(["import", partial.path, "--server", address, "--token", token])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout.contains("3 new runs, 0 already there, 0 could not be read"), "\(first.stdout)")

            let whole = try PacelineCLI.run(["import", archive.path, "--server", address, "--token", token, "--parallel", "3"])
            #expect(whole.status == 65, "\(whole.stderr)")
            #expect(whole.stdout.contains("Imported 8 files"), "\(whole.stdout)")
            #expect(whole.stdout.contains("4 new runs, 3 already there, 1 could not be read"), "\(whole.stdout)")
            #expect(whole.stdout.contains("1 activity in activities.csv has no file"))
            #expect(whole.stdout.contains("activities/broken.fit: 422 invalid_file"), "\(whole.stdout)")

            let runs = try await client.listRuns(query: .init(limit: 100)).ok.body.json.runs
            #expect(runs.count == 7)
            let byName = Dictionary(runs.map { ($0.name ?? "", $0) }, uniquingKeysWith: { first, _ in first })
            #expect(byName["Morning run 0"]?.sport == .run)
            #expect(byName["Evening ride 4"]?.sport == .ride)
            #expect(byName["Morning run 1"]?.description == "Easy, then \"fast\"\nfinish")

            let again = try PacelineCLI.run(["import", archive.path, "--server", address, "--token", token])
            #expect(again.stdout.contains("0 new runs, 7 already there, 1 could not be read"), "\(again.stdout)")
            #expect(try await client.listRuns(query: .init(limit: 100)).ok.body.json.runs.count == 7)

            let missing = try PacelineCLI.run(["import", "/nonexistent.zip", "--server", address, "--token", token])
            #expect(missing.status == 66 && missing.stderr.contains("does not exist"))
        }
    }
}
