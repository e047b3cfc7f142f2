import Foundation
import PacelineAPI
import PacelineCore
import PacelineServer
import PacelineTestSupport
import SQLKit
import Testing

/// `paceline reprocess` measures the runs older rules measured again, says how far it got,
/// and a second time finds nothing to do.
extension UploadCommandTests {
    @Test("paceline reprocess measures the runs older rules measured, and a second run finds none")
    func reprocess() async throws {
        try await withServer(.sqlite) { server in
            let ann = try await server.newUser("Ann")
            let stored = try #require(try await server.upload("gpx/run.gpx", as: ann).json)
            let id = try #require(stored["id"] as? String)
            try await server.app.db.sql.raw("UPDATE runs SET analysis_version = 1, moving_s = 1 WHERE id = \(bind: UUID(uuidString: id)!)").run()
            guard case .sqlite(let path) = server.location else { return }
            let first = try PacelineCLI.run(["reprocess", "--database", path])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout.contains("1 runs were measured by older rules") && first.stdout.contains("measured 1 of 1 runs again"), "\(first.stdout)")
            // Measured from its original, the file as uploaded: today's numbers.
            #expect(!first.stdout.contains("from their stored track"))
            let run = try await ann.client.getRun(path: .init(runId: id)).ok.body.json
            let uploaded = try #require(stored["movingSeconds"] as? Double)
            #expect(run.movingSeconds == uploaded, "\(run.movingSeconds) s, uploaded \(uploaded) s")
            let second = try PacelineCLI.run(["reprocess", "--database", path])
            #expect(second.stdout.contains("Every run is measured with today's rules already."), "\(second.stdout)")
        }
    }
}
