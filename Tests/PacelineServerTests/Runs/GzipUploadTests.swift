import Foundation
import PacelineTestSupport
import Testing

/// An upload may be gzipped (a Strava export's `.gpx.gz`), whatever type it declares.
@Suite("Gzipped uploads")
struct GzipUploadTests {
    @Test("a gzipped GPX uploads as the GPX itself; a cut one is a 422 saying why", arguments: TestDatabase.available)
    func gzipped(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann"), bo = try await server.newUser("Bo")
            let plain = try await server.upload("gpx/run.gpx", as: ann)
            let compressed = try SystemGzip.compress(Data(contentsOf: Fixtures.track("gpx/run.gpx")))
            for type in ["application/gpx+xml", "application/octet-stream"] {
                let upload = try await server.raw(.POST, "/runs", token: bo.token, headers: [("Content-Type", type)], body: compressed)
                #expect(upload.status == 201 || upload.status == 200, "\(type): \(upload.status)")
                #expect(upload.json?["distanceMeters"] as? Double == plain.json?["distanceMeters"] as? Double)
                #expect(upload.json?["movingSeconds"] as? Double == plain.json?["movingSeconds"] as? Double)
            }
            let cut = try await server.raw(.POST, "/runs", token: bo.token, headers: [("Content-Type", "application/gpx+xml")],
                                           body: compressed.prefix(compressed.count / 2))
            #expect(cut.status == 422 && cut.errorCode == "invalid_file")
            #expect((cut.json?["error"] as? [String: Any])?["message"] as? String == "the gzip file can't be read: the gzip file ends before its data does")
        }
    }
}
