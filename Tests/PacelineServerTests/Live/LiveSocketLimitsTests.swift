import Foundation
import PacelineAPI
import PacelineLiveClient
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// Who may hold a live connection, and how many: a connection authenticates within 5 s
/// or is closed, and client addresses and accounts hold a limited number at once, however
/// many arrive together.
@Suite("Live socket limits")
struct LiveSocketLimitsTests {
    @Test("a connection that does not authenticate is closed after 5 s, with the reason first")
    func authenticationDeadline() async throws {
        try await withServer { server in
            let started = ContinuousClock.now
            let client = try await LiveClient.connect(to: server.liveURL)
            let error = try await client.nextError(timeout: .seconds(8))
            let waited = ContinuousClock.now - started
            #expect(error.code == "authentication_timeout", "\(error.message)")
            #expect(waited >= .milliseconds(4_900) && waited < .seconds(7), "closed after \(waited)")
            #expect(await client.closed(within: .seconds(2)))
        }
    }

    @Test("before it authenticates, a socket's refusals come a second apart, and a third unanswered message closes it")
    func unauthenticatedPace() async throws {
        try await withServer { server in
            let guessing = try await LiveClient.connect(to: server.liveURL)
            let started = ContinuousClock.now
            try await guessing.send(.hello(.init(token: "wrong-1")))
            try await guessing.send(.hello(.init(token: "wrong-2")))
            #expect(try await guessing.nextError().code == "unauthorized")
            #expect(try await guessing.nextError().code == "unauthorized")
            let waited = ContinuousClock.now - started
            #expect(waited >= .milliseconds(1_950), "two refusals answered after \(waited)")
            #expect(!guessing.isClosed)
            // A client that does not wait for answers is closed at its third message.
            let flooding = try await LiveClient.connect(to: server.liveURL)
            for index in 0..<3 { try await flooding.send(.hello(.init(token: "wrong-\(index)"))) }
            let error = try await flooding.nextError()
            #expect(error.code == "bad_message", "\(error.message)")
            #expect(await flooding.closed(within: .seconds(2)))
        }
    }

    @Test("one address holds at most its limit of connections, even all arriving at once")
    func perAddress() async throws {
        var settings = LiveSettings.testing
        settings.socketsPerAddress = 5
        try await withServer(live: settings) { server in
            let clients = try await withThrowingTaskGroup(of: LiveClient.self) { group in
                for _ in 0..<20 { group.addTask { try await LiveClient.connect(to: server.liveURL) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            try await Task.sleep(for: .milliseconds(500))
            let refused = clients.filter(\.isClosed)
            #expect(refused.count == 15, "\(refused.count) of 20 refused")
            for client in refused {
                #expect(client.queued.contains { if case .error(let e) = $0 { e.code == "too_many_connections" } else { false } })
            }
            // A place that frees up can be taken again.
            let open = clients.filter { !$0.isClosed }
            await open[0].close()
            try await Task.sleep(for: .milliseconds(200))
            let ann = try await server.newUser("Ann")
            _ = try await server.live(ann)
            for client in open { await client.close() }
        }
    }

    @Test("an account holds at most its limit of connections over two instances, even all arriving at once",
          arguments: TestDatabase.available)
    func perAccount(database: TestDatabase) async throws {
        var settings = LiveSettings.testing
        settings.socketsPerAccount = 3
        try await withServer(database, live: settings) { first in
            try await withServer(database, live: settings, sharing: first) { second in
                let ann = try await first.newUser("Ann")
                let clients = try await withThrowingTaskGroup(of: LiveClient.self) { group in
                    for index in 0..<12 {
                        group.addTask {
                            let client = try await LiveClient.connect(to: (index % 2 == 0 ? first : second).liveURL)
                            try await client.send(.hello(.init(token: ann.token)))
                            return client
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                var welcomed: [LiveClient] = []
                for client in clients {
                    let answer = try await client.next { message -> String? in
                        switch message {
                        case .welcome: "welcome"
                        case .error(let error): error.code
                        default: nil
                        }
                    }
                    if answer == "welcome" { welcomed.append(client) } else { #expect(answer == "too_many_connections") }
                }
                #expect(welcomed.count == 3, "\(welcomed.count) of 12 welcomed")
                for client in clients where !welcomed.contains(where: { $0 === client }) {
                    #expect(await client.closed(within: .seconds(2)))
                }
                // Closing one lets another in, on either instance.
                await welcomed[0].close()
                try await Task.sleep(for: .milliseconds(300))
                _ = try await second.live(ann)
                let refused = try await LiveClient.connect(to: first.liveURL)
                try await refused.send(.hello(.init(token: ann.token)))
                #expect(try await refused.nextError().code == "too_many_connections")
                // Another account is not affected.
                _ = try await first.live(try await first.newUser("Bo"))
            }
        }
    }

    @Test("the leases an instance that crashed left stop counting once they expire", arguments: TestDatabase.available)
    func crashedInstance(database: TestDatabase) async throws {
        var settings = LiveSettings.testing
        settings.socketsPerAccount = 2
        try await withServer(database, live: settings) { server in
            let ann = try await server.newUser("Ann")
            // What a crashed instance left: one lease expired, one still running.
            for expiresAt in [Date().addingTimeInterval(-1), Date().addingTimeInterval(60)] {
                let lease = LiveSocketLease()
                lease.$user.id = try #require(UUID(uuidString: ann.id))
                lease.expiresAt = expiresAt
                try await lease.create(on: server.app.db)
            }
            _ = try await server.live(ann)
            let refused = try await LiveClient.connect(to: server.liveURL)
            try await refused.send(.hello(.init(token: ann.token)))
            #expect(try await refused.nextError().code == "too_many_connections")
        }
    }
}
