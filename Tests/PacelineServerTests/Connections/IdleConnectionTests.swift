import Foundation
import PacelineServer
import PacelineTestSupport
import Testing

/// Connections on which nothing happens are closed after the idle timeout (60 s in
/// production, 2 s here): a client that sends half a request and stops, and a kept-alive
/// connection left unused. Before, neither was ever closed. A live socket whose client
/// answers the server's pings is not idle, however long it says nothing itself.
@Suite("Idle connections")
struct IdleConnectionTests {
    static let idle: TimeInterval = 2
    static var connections: ConnectionSettings {
        var connections = ConnectionSettings()
        connections.idleTimeout = idle
        return connections
    }
    /// Live pings within the idle timeout, as the server asks.
    static var live: LiveSettings {
        var live = LiveSettings.testing
        live.pingInterval = 0.5
        return live
    }

    @Test("half a request, then nothing: closed after the idle timeout", arguments: TestDatabase.available)
    func halfARequest(database: TestDatabase) async throws {
        try await withServer(database, live: Self.live, connections: Self.connections) { server in
            let connection = try await HeldConnection.open(port: server.baseURL.port!,
                                                           sending: "GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nAcc")
            let clock = ContinuousClock(), start = clock.now
            #expect(await connection.closed(within: .seconds(Self.idle + 3)))
            #expect(clock.now - start > .seconds(Self.idle - 0.5))
        }
    }

    @Test("a kept-alive connection left unused: closed after the idle timeout", arguments: TestDatabase.available)
    func keptAlive(database: TestDatabase) async throws {
        try await withServer(database, live: Self.live, connections: Self.connections) { server in
            let connection = try await HeldConnection.open(port: server.baseURL.port!,
                                                           sending: "GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") {
                $0.contains("\"status\"")
            }
            #expect(connection.answer.hasPrefix("HTTP/1.1 200"))
            let clock = ContinuousClock(), start = clock.now
            #expect(await connection.closed(within: .seconds(Self.idle + 3)))
            #expect(clock.now - start > .seconds(Self.idle - 0.5))
        }
    }

    @Test("a live socket answering pings outlives the idle timeout", arguments: TestDatabase.available)
    func liveSocket(database: TestDatabase) async throws {
        try await withServer(database, live: Self.live, connections: Self.connections) { server in
            let ann = try await server.newUser("Ann")
            let socket = try await server.live(ann)
            try await Task.sleep(for: .seconds(Self.idle * 2.5))
            #expect(!socket.isClosed)
        }
    }

    @Test("an idle timeout within the live pings is refused at start")
    func withinPings() async throws {
        await #expect(throws: ServerSettings.Mismatch.self) {
            var connections = ConnectionSettings()
            connections.idleTimeout = LiveSettings.testing.pingInterval
            try await withServer(connections: connections) { _ in }
        }
    }
}
