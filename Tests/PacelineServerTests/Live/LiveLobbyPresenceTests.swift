import Foundation
import PacelineAPI
import PacelineLiveClient
import PacelineServer
import PacelineTestSupport
import Testing

/// A lobby member whose connection dies keeps their place for `lobbyGrace`, then goes back
/// to invited, so the others are not kept waiting for someone who is gone.
@Suite("Live lobby presence")
struct LiveLobbyPresenceTests {
    /// Test timings: presence kept every 0.1 s, a grace of 6 s. A 1 s grace demoted
    /// connected members when a loaded machine (CI building beside the tests, SQLite's one
    /// writer) held a presence round up for longer than that, and a 3 s grace once on
    /// PostgreSQL with 90 suites running at once on 2 cores (a connected member demoted,
    /// then rejoined).
    static let grace: TimeInterval = 6
    static var settings: LiveSettings {
        var settings = LiveSettings.testing
        (settings.lobbyGrace, settings.presenceInterval) = (grace, 0.1)
        return settings
    }

    /// A lobby: `users[0]` created it, the others joined with its code; the clients in that order.
    static func lobby(_ server: TestServer, _ users: [TestUser]) async throws -> (clients: [LiveClient], sessionID: String) {
        let host = try await server.live(users[0])
        try await host.send(.createSession(.init(distanceMeters: 300)))
        let sessionID = try await host.nextJoined().sessionId
        let code = try #require(try await host.nextSession().code)
        var clients = [host]
        for user in users.dropFirst() {
            let client = try await server.live(user)
            try await client.send(.joinSession(.init(code: code)))
            _ = try await client.nextJoined()
            clients.append(client)
        }
        let count = users.count
        _ = try await host.nextSession { $0.members.count == count && $0.members.allSatisfy { $0.status == .joined } }
        return (clients, sessionID)
    }

    static func status(of user: TestUser, in state: LiveSessionState) -> LiveSessionState.Member.Status? {
        state.members.first { $0.userId == user.id }?.status
    }

    @Test("a ready member whose connection dies goes back to invited after the grace; the host starts with those ready",
          arguments: TestDatabase.available)
    func droppedMemberIsDemoted(database: TestDatabase) async throws {
        try await withServer(database, live: Self.settings) { server in
            let ann = try await server.newUser("Ann"), bo = try await server.newUser("Bo"), cy = try await server.newUser("Cy")
            let (clients, _) = try await Self.lobby(server, [ann, bo, cy])
            let (host, boLive, cyLive) = (clients[0], clients[1], clients[2])
            try await boLive.send(.ready(.init(ready: true)))
            try await cyLive.send(.ready(.init(ready: true)))
            _ = try await host.nextSession { Self.status(of: bo, in: $0) == .ready && Self.status(of: cy, in: $0) == .ready }
            // Bo's phone dies: the socket closes, no `leave`.
            let dropped = Date()
            await boLive.close()
            let after = try await host.nextSession { Self.status(of: bo, in: $0) == .invited }
            let waited = Date().timeIntervalSince(dropped)
            // The grace less the time since his last stamp: presence rounds are 0.1 s apart plus their
            // own time, which on a loaded test machine was up to 0.2 s more.
            #expect(waited >= Self.grace - 0.5, "Bo kept his place for \(waited) s of a \(Self.grace) s grace")
            #expect(after.phase == .lobby && Self.status(of: cy, in: after) == .ready && Self.status(of: ann, in: after) == .joined)
            // Ann gets ready: with Bo gone, Ann and Cy are everyone, and the race starts.
            try await host.send(.ready(.init(ready: true)))
            let start = try await host.nextCountdown().startsAt
            #expect(try await cyLive.nextCountdown().startsAt == start)
            let started = try await host.nextSession { $0.startsAt != nil }
            #expect(started.members.map(\.status) == [.running, .invited, .running], "\(started.members.map(\.displayName))")
            // Bo, back after the start, is told he missed it.
            let boAgain = try await server.live(bo)
            try await boAgain.send(.joinSession(.init(sessionId: started.sessionId)))
            #expect(try await boAgain.nextError().code == "already_started")
        }
    }

    @Test("a drop and rejoin within the grace keeps a member ready", arguments: TestDatabase.available)
    func rejoinWithinGraceKeepsPlace(database: TestDatabase) async throws {
        try await withServer(database, live: Self.settings) { server in
            let ann = try await server.newUser("Ann"), bo = try await server.newUser("Bo")
            let (clients, sessionID) = try await Self.lobby(server, [ann, bo])
            let host = clients[0]
            try await clients[1].send(.ready(.init(ready: true)))
            _ = try await host.nextSession { Self.status(of: bo, in: $0) == .ready }
            // A phone switching networks: the old socket closes, a new one rejoins at once.
            await clients[1].close()
            let boAgain = try await server.live(bo)
            try await boAgain.send(.joinSession(.init(sessionId: sessionID)))
            _ = try await boAgain.nextJoined()
            // Past the grace Bo is still ready, and was never sent back to invited.
            try await Task.sleep(for: .seconds(Self.grace + 1.5))
            let seen = host.queued.compactMap { message -> LiveSessionState.Member.Status? in
                if case .session(let state) = message { Self.status(of: bo, in: state) } else { nil }
            }
            #expect(seen.last == .ready && !seen.contains(.invited), "Bo was \(seen)")
            try await host.send(.ready(.init(ready: true)))
            let start = try await host.nextCountdown().startsAt
            #expect(try await boAgain.nextCountdown().startsAt == start)
        }
    }

    @Test("when the last member not ready drops, the others, all ready, start", arguments: TestDatabase.available)
    func othersReadyStartWhenLastDrops(database: TestDatabase) async throws {
        try await withServer(database, live: Self.settings) { server in
            let ann = try await server.newUser("Ann"), bo = try await server.newUser("Bo"), cy = try await server.newUser("Cy")
            let dan = try await server.newUser("Dan")
            let (clients, _) = try await Self.lobby(server, [ann, bo, cy, dan])
            for client in [clients[0], clients[2]] { try await client.send(.ready(.init(ready: true))) }
            _ = try await clients[0].nextSession { Self.status(of: cy, in: $0) == .ready && Self.status(of: ann, in: $0) == .ready }
            // Dan leaves: Bo is still not ready, so nothing starts.
            try await clients[3].send(.leave)
            _ = try await clients[0].nextSession { Self.status(of: dan, in: $0) == .invited }
            await clients[1].close()
            // Bo, the last not ready, is gone for good: Ann and Cy start without anyone doing anything.
            let start = try await clients[0].nextCountdown().startsAt
            #expect(try await clients[2].nextCountdown().startsAt == start)
            let started = try await clients[0].nextSession { $0.startsAt != nil }
            #expect(started.members.map(\.status) == [.running, .invited, .running, .invited])
        }
    }

    @Test("when the last member not ready leaves, the others, all ready, start", arguments: TestDatabase.available)
    func othersReadyStartWhenLastLeaves(database: TestDatabase) async throws {
        try await withServer(database, live: Self.settings) { server in
            let ann = try await server.newUser("Ann"), bo = try await server.newUser("Bo"), cy = try await server.newUser("Cy")
            let (clients, _) = try await Self.lobby(server, [ann, bo, cy])
            for client in clients.prefix(2) { try await client.send(.ready(.init(ready: true))) }
            _ = try await clients[0].nextSession { Self.status(of: ann, in: $0) == .ready && Self.status(of: bo, in: $0) == .ready }
            try await clients[2].send(.leave)
            let start = try await clients[0].nextCountdown().startsAt
            #expect(try await clients[1].nextCountdown().startsAt == start)
            let started = try await clients[0].nextSession { $0.startsAt != nil }
            #expect(started.members.map(\.status) == [.running, .running, .invited])
        }
    }
}
