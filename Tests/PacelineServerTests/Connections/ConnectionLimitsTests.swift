import Foundation
import PacelineServer
import PacelineTestSupport
import Testing

/// Each HTTP connection's deadlines and the cap per client address (`ConnectionGate`,
/// `ConnectionDeadlines`), with the numbers lowered so the tests are quick. Before, a
/// header or a body could take for ever, and one address could hold every connection the
/// server could open (`ConnectionFloodTests` tries the production numbers on a server of
/// its own).
@Suite("HTTP connection limits")
struct ConnectionLimitsTests {
    static let health = "GET /api/v1/health HTTP/1.1\r\nHost: paceline\r\n\r\n"

    @Test("a header not done within the header timeout: closed, though bytes keep coming", arguments: TestDatabase.available)
    func header(database: TestDatabase) async throws {
        var connections = ConnectionSettings()
        connections.headerTimeout = 1
        try await withServer(database, connections: connections) { server in
            let clock = ContinuousClock(), start = clock.now
            let connection = try await HeldConnection.open(port: server.baseURL.port!, sending: "GET /api/v1/health HTTP/1.1\r\n")
            // A header line every 300 ms: the idle timer alone (60 s) would never close it.
            let trickle = Task {
                for index in 0..<20 {
                    try await Task.sleep(for: .milliseconds(300))
                    try await connection.send("X-Slow-\(index): 1\r\n")
                }
            }
            defer { trickle.cancel() }
            #expect(await connection.closed(within: .seconds(4)))
            #expect(clock.now - start > .seconds(0.8))
        }
    }

    @Test("a body slower than the minimum rate: closed; one at the rate: answered", arguments: TestDatabase.available)
    func bodyRate(database: TestDatabase) async throws {
        var connections = ConnectionSettings()
        connections.bodyRateWindow = 2
        connections.minimumBodyRate = 100
        try await withServer(database, connections: connections) { server in
            let head = "POST /api/v1/auth/login HTTP/1.1\r\nHost: paceline\r\nContent-Type: application/json\r\nContent-Length: 1602\r\n\r\n"
            let slow = try await HeldConnection.open(port: server.baseURL.port!, sending: head + "{")
            let steady = try await HeldConnection.open(port: server.baseURL.port!, sending: head + "{")
            // 10 bytes a second against 400 a second, four times the minimum, for four
            // seconds, written on the connections' event loops: a CI machine's task pool, busy
            // with other tests' files for seconds, once held the steady one's writes back.
            async let slowly: Void? = try? slow.trickle(String(repeating: " ", count: 10), every: .seconds(1), times: 4)
            async let steadily: Void = steady.trickle(String(repeating: " ", count: 80), every: .milliseconds(200), times: 20)
            #expect(await slow.closed(within: .seconds(5)))
            _ = await slowly
            try await steadily
            try await steady.send("}")
            for _ in 0..<100 where !steady.answer.contains("\r\n\r\n") { try await Task.sleep(for: .milliseconds(100)) }
            #expect(steady.answer.hasPrefix("HTTP/1.1 4"), "answered: \(steady.answer.prefix(80))")
            // The slow one's body, cut short by the server, is the client's doing: a 400, never a 500.
            var logins = ""
            for _ in 0..<50 {
                let metrics = try await server.raw(.GET, "/metrics", headers: [("Authorization", "Bearer \(TestServer.metricsToken)")], underAPI: false)
                logins = String(decoding: metrics.body, as: UTF8.self).split(separator: "\n").filter { $0.contains("route=\"/api/v1/auth/login\"") }.joined(separator: "\n")
                if logins.contains("status=\"400\"} 2") { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(logins.contains("status=\"400\"} 2") && !logins.contains("status=\"500\""), "\(logins)")
        }
    }

    @Test("past its connections, an address's next is closed at once; others' are served", arguments: TestDatabase.available)
    func perAddress(database: TestDatabase) async throws {
        var connections = ConnectionSettings()
        connections.perAddress = 5
        try await withServer(database, connections: connections) { server in
            let port = server.baseURL.port!
            var held: [HeldConnection] = []
            for _ in 0..<5 { held.append(try await HeldConnection.open(port: port, sending: "GET /api/v1/he")) }
            // Closed as it is accepted: the write may fail already.
            let refused = try? await HeldConnection.open(port: port, sending: "GET /api/v1/he")
            #expect(await refused?.closed(within: .seconds(1)) ?? true)
            let other = try await HeldConnection.open(port: port, from: "127.0.0.2", sending: Self.health) { $0.contains("\"status\"") }
            #expect(other.answer.hasPrefix("HTTP/1.1 200"))
            // A place given back is taken again.
            _ = await held.removeFirst().closed(within: .zero)
            try await Task.sleep(for: .milliseconds(200))
            let again = try await HeldConnection.open(port: port, sending: Self.health) { $0.contains("\"status\"") }
            #expect(again.answer.hasPrefix("HTTP/1.1 200"))
            for connection in held { #expect(!(await connection.closed(within: .zero))) }
        }
    }

    @Test("a connection upgraded to a live socket gives its place back", arguments: TestDatabase.available)
    func upgraded(database: TestDatabase) async throws {
        var connections = ConnectionSettings()
        connections.perAddress = 2
        var live = LiveSettings.testing
        live.authenticationDeadline = 600
        try await withServer(database, live: live, connections: connections) { server in
            let port = server.baseURL.port!
            var sockets: [HeldConnection] = []
            for _ in 0..<4 { sockets.append(try await HeldConnection.upgraded(port: port, path: "/api/v1/live")) }
            let page = try await HeldConnection.open(port: port, sending: Self.health) { $0.contains("\"status\"") }
            #expect(page.answer.hasPrefix("HTTP/1.1 200"))
            for socket in sockets { #expect(!(await socket.closed(within: .zero))) }
        }
    }

    @Test("behind a trusted proxy, where every connection comes from the proxy, none is refused")
    func trustedProxy() async throws {
        var connections = ConnectionSettings()
        connections.perAddress = 2
        try await withServer(trustProxy: true, connections: connections) { server in
            let port = server.baseURL.port!
            var held: [HeldConnection] = []
            for _ in 0..<5 { held.append(try await HeldConnection.open(port: port, sending: "GET /api/v1/he")) }
            try await Task.sleep(for: .milliseconds(300))
            for connection in held { #expect(!(await connection.closed(within: .zero))) }
        }
    }
}
