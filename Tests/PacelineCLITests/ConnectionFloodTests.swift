import Foundation
import NIOCore
import PacelineHarness
import PacelineServer
import PacelineTestSupport
import Testing

/// The attack of issue 35, against `paceline serve` in a process of its own with 1,024 open
/// files (systemd's default soft limit, which a unit without `LimitNOFILE` gets): 1,010
/// connections from one address that never finish their request header, and 300 whose
/// bodies come a byte a second. At most 256 connections from that address are held
/// (`ConnectionSettings.perAddress`: the rest are closed as they are accepted), so the
/// server keeps files to accept others with: `/health` from another address answers
/// within 200 ms and a login within a second (the medians of 5). The header deadline
/// (10 s) closes every silent connection within 15 s of its opening. Before, `/health` and
/// the login timed out (5 s), and none of the silent connections was closed.
///
/// The production limits; the user logs in with a password hashed at bcrypt's cost 4 (what
/// is measured is the server's connections, not bcrypt). A login writes to the database,
/// and its time is the machine's: on a quiet one it takes 130 to 170 ms under this attack
/// at the production cost (docs/SECURITY.md), but CI runs ten tests at once on two cores
/// (`LiveSocketFloodTests` says the same of its logins). The attacker opens 50 connections
/// at a time, which a busy server still accepts as they come: with more, the kernel's
/// backlog of 256 overflows, and a connection the client counts as open waits seconds for
/// the server to see it.
@Suite("A flood of connections from one address", .serialized)
struct ConnectionFloodTests {
    static let silent = 1_010, slow = 300, openFiles = 1_024
    static let healthWithin = Duration.milliseconds(200), loginWithin = Duration.seconds(1)
    static let silentClosedWithin = Duration.seconds(15)

    static var databases: [DatabaseLocation?] {
        [nil] + (ProcessInfo.processInfo.environment["PACELINE_TEST_POSTGRES_URL"].map { [.postgres(url: $0)] } ?? [])
    }

    @Test("1,010 silent and 300 slow connections from one address: another's /health answers within 200 ms",
          .timeLimit(.minutes(2)), arguments: databases)
    func flood(database: DatabaseLocation?) async throws {
        let store = try await RunnersDatabase.create(users: 1, at: database)
        let server = try ServerProcess(database: store.location, openFiles: Self.openFiles)
        do {
            try await attack(port: server.port)
        } catch {
            server.stop()
            await store.remove()
            throw error
        }
        server.stop()
        await store.remove()
    }

    @Test("--connections-per-address sets how many connections one address may hold")
    func flag() async throws {
        let store = try await RunnersDatabase.create(users: 0, at: nil)
        let server = try ServerProcess(database: store.location, options: ["--connections-per-address", "2"])
        let port = server.port
        await #expect(throws: Never.self) {
            let held = [try await HeldConnection.open(port: port, sending: "GET /api/v1/he"),
                        try await HeldConnection.open(port: port, sending: "GET /api/v1/he")]
            let third = try? await HeldConnection.open(port: port, sending: "GET /api/v1/he")
            #expect(await third?.closed(within: .seconds(1)) ?? true)
            for connection in held { #expect(!(await connection.closed(within: .zero))) }
        }
        server.stop()
        await store.remove()
    }

    private func attack(port: Int) async throws {
        let silent = await Self.open(Self.silent, port: port, sending: "GET /api/v1/health HTTP/1.1\r\nHost: paceline\r\nAcc")
        let slow = await Self.open(Self.slow, port: port, sending: "POST /api/v1/auth/login HTTP/1.1\r\nHost: paceline\r\n"
                                   + "Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{")
        let trickle = Task {
            while !Task.isCancelled {
                for connection in slow { try? await connection.send(" ") }
                try? await Task.sleep(for: .seconds(1))
            }
        }
        defer { trickle.cancel() }

        var health: [Duration] = [], login: [Duration] = []
        let body = #"{"email":"runner0@bench.paceline.invalid","password":"bench-live-password"}"#
        for _ in 0..<5 {
            health.append(try await Self.answer(port: port, "GET /api/v1/health HTTP/1.1\r\nHost: paceline\r\nConnection: close\r\n\r\n",
                                                until: "\"status\""))
            login.append(try await Self.answer(port: port, "POST /api/v1/auth/login HTTP/1.1\r\nHost: paceline\r\nConnection: close\r\n"
                                               + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)",
                                               until: "\"profile\""))
        }
        #expect(health.sorted()[2] < Self.healthWithin, "/health: \(health)")
        #expect(login.sorted()[2] < Self.loginWithin, "login: \(login)")

        // Each connection's close is noted by its event loop as it comes.
        if let last = silent.map(\.openedAt).max() { try await Task.sleep(until: last + Self.silentClosedWithin) }
        let late = silent.filter { connection in connection.closedAt.map { $0 - connection.openedAt > Self.silentClosedWithin } ?? true }
        // Every one closed; within 15 s, all but a handful whose close this test's own event
        // loop, on a CI machine running ten tests at once, noted late (1 of 969, once).
        #expect(late.count <= silent.count / 100, "\(late.count) of \(silent.count) silent connections open 15 s after their opening")
        for connection in late {
            #expect(await connection.closed(within: .seconds(10)), "a silent connection still open 25 s after its opening")
        }
    }

    /// `count` connections from 127.0.0.1, each having sent `bytes`, 50 being opened at a
    /// time; those the server closed before they could are left out.
    private static func open(_ count: Int, port: Int, sending bytes: String) async -> [HeldConnection] {
        await withTaskGroup(of: HeldConnection?.self) { group in
            var opened: [HeldConnection] = []
            for index in 0..<count {
                if index >= 50, let connection = await group.next() { connection.map { opened.append($0) } }
                group.addTask { try? await HeldConnection.open(port: port, sending: bytes) }
            }
            for await connection in group { connection.map { opened.append($0) } }
            return opened
        }
    }

    /// How long a request from 127.0.0.2 took to be answered 200 (its answer holding `text`);
    /// 5 s when it was not answered by then.
    private static func answer(port: Int, _ request: String, until text: String) async throws -> Duration {
        let clock = ContinuousClock(), start = clock.now
        do {
            let connection = try await HeldConnection.open(port: port, from: "127.0.0.2", sending: request, within: .seconds(5)) {
                $0.contains(text)
            }
            let took = clock.now - start
            #expect(connection.answer.hasPrefix("HTTP/1.1 200"), "\(connection.answer.prefix(100))")
            _ = await connection.closed(within: .seconds(1))
            return took
        } catch HeldConnectionError.noAnswer {
            return .seconds(5)
        } catch ChannelError.connectTimeout {
            return .seconds(5)
        }
    }
}
