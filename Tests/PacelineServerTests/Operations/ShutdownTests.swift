import Fluent
import NIOPosix
import PacelineHarness
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

/// Sockets that never said hello are closed by a shutdown, not waited for: it waited out
/// each one's hello deadline (10 s) before.
@Suite("Shutting down with live sockets")
struct ShutdownSocketTests {
    @Test("50 sockets that never said hello: the live hub and the HTTP server stop within 2 s")
    func silentSockets() async throws {
        var settings = LiveSettings.testing
        settings.authenticationDeadline = 600
        try await withServer(.sqlite, live: settings) { server in
            let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
            let flood = LiveSocketFlood(url: server.liveURL, count: 50, on: group, hello: { _ in nil })
            await flood.start()
            #expect(flood.counts.connected == 50)
            // Closed by the shutdown, they must not reconnect: the port may be another
            // test server's by then, or a child process's that never answers the upgrade
            // (this test hung waiting for such a connection).
            flood.stopReconnecting()
            let clock = ContinuousClock()
            let took = await clock.measure {
                await server.app.stopLive()
                await server.app.server.shutdown()
            }
            #expect(took < .seconds(2), "took \(took)")
            await flood.stop()
            try await group.shutdownGracefully()
        }
    }
}

/// A phone in a tunnel: its live socket was upgraded, then it goes quiet, answering
/// neither pings nor the server's close. A shutdown says "going away" and waits at most a
/// second for the answer (`OpenSockets.closeAll`), then closes the connection itself: it
/// waited for each one's unanswered ping (up to 10 s) before.
@Suite("Shutting down with sockets whose clients never answer")
struct ShutdownUnansweredSocketTests {
    @Test("50 sockets that never answer the close: the live hub and the HTTP server stop within 2 s")
    func unansweredSockets() async throws {
        var settings = LiveSettings.testing
        settings.authenticationDeadline = 600
        try await withServer(.sqlite, live: settings) { server in
            let port = server.baseURL.port!
            let sockets = try await withThrowingTaskGroup(of: HeldConnection.self) { group in
                for _ in 0..<50 { group.addTask { try await HeldConnection.upgraded(port: port, path: "/api/v1/live") } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(sockets.count == 50)
            let clock = ContinuousClock()
            let took = await clock.measure {
                await server.app.stopLive()
                await server.app.server.shutdown()
            }
            #expect(took < .seconds(2), "took \(took)")
            for socket in sockets { #expect(await socket.closed(within: .seconds(1))) }
        }
    }
}
