import Foundation
import PacelineCore
import PacelineTestSupport
import Testing

/// A server shutting down waits for the requests it is answering, even those whose client
/// has gone, before it closes the database: one that touched the closed database stopped
/// the whole process ("Unexpectedly found nil" in Fluent's `app.db`).
@Suite("Shutting down")
struct ShutdownTests {
    @Test("an upload whose client hung up is stored before the database closes")
    func abandonedUpload() async throws {
        let gpx = Data(GPXWriter.write(SyntheticActivities.longRun(fixCount: 60_000)).utf8)
        try await withServer(.sqlite) { staying in
            let ann = try await staying.newUser("Ann")
            // A second instance on the same database takes the upload, and shuts down.
            try await withServer(sharing: staying) { leaving in
                let head = "POST /api/v1/runs HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(ann.token)\r\n"
                    + "Content-Type: application/gpx+xml\r\nContent-Length: \(gpx.count)\r\n\r\n"
                // The client gives up at once; the server is still reading the file.
                await #expect(throws: RawConnectionError.self) {
                    try await RawConnection.exchange(port: leaving.baseURL.port!, [.init(Data(head.utf8) + gpx) { _ in false }],
                                                     seconds: 0.2)
                }
            }
            // The leaving instance finished the upload before closing its database.
            #expect(try await ann.client.listRuns().ok.body.json.runs.count == 1)
        }
    }
}
