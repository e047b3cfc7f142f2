import Fluent
import Foundation
import PacelineServer
import PacelineTestSupport
import SQLKit
import Testing

/// A server shutting down waits for the requests it is answering, even those whose client
/// has gone, before it closes the database: one that touched the closed database stopped
/// the whole process ("Unexpectedly found nil" in Fluent's `app.db`).
@Suite("Shutting down")
struct ShutdownTests {
    @Test("an upload whose client hung up is stored before the database closes")
    func abandonedUpload() async throws {
        let gpx = try Data(contentsOf: Fixtures.track("gpx/run.gpx"))
        try await withServer(.sqlite) { staying in
            let ann = try await staying.newUser("Ann")
            // The staying instance holds the database's write lock for 2 s, so the upload
            // below is still being stored when its instance shuts down.
            try await staying.execute("CREATE TABLE held (x INTEGER)")
            let (taken, signal) = AsyncStream<Void>.makeStream()
            let holding = Task {
                try await staying.app.db.transaction { transaction in
                    try await transaction.sql.raw("INSERT INTO held (x) VALUES (1)").run()
                    signal.yield()
                    try await Task.sleep(for: .seconds(2))
                }
            }
            for await _ in taken { break }
            // A second instance on the same database takes the upload, and shuts down.
            try await withServer(sharing: staying) { leaving in
                let head = "POST /api/v1/runs HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(ann.token)\r\n"
                    + "Content-Type: application/gpx+xml\r\nContent-Length: \(gpx.count)\r\n\r\n"
                // The whole file goes out; the client gives up before the answer.
                await #expect(throws: RawConnectionError.self) {
                    try await RawConnection.exchange(port: leaving.baseURL.port!, [.init(Data(head.utf8) + gpx) { _ in false }],
                                                     seconds: 0.5)
                }
            }
            try await holding.value
            // The leaving instance finished the upload before closing its database.
            #expect(try await ann.client.listRuns().ok.body.json.runs.count == 1)
        }
    }
}
