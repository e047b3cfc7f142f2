import Foundation
import PacelineAPI
import PacelineLiveClient
import PacelineServer
import PacelineTestSupport
import Testing

/// A live connection lasts no longer than the token it authenticated with: logging out
/// (on any instance) or the token's expiry closes it, with `unauthorized` first.
@Suite("Live sockets end with their token")
struct LiveSocketRevocationTests {
    @Test("logging out closes the token's connections on the instance that served it at once, and on another within the check",
          arguments: TestDatabase.available)
    func logOut(database: TestDatabase) async throws {
        var settings = LiveSettings.testing
        settings.socketCheckInterval = 1
        var slow = settings
        slow.socketCheckInterval = 600  // the serving instance must not need its check
        try await withServer(database, live: slow) { first in
            try await withServer(database, live: settings, sharing: first) { second in
                let ann = try await first.newUser("Ann")
                let here = try await first.live(ann), there = try await second.live(ann)
                // Another login of Ann's (another device) keeps its connection.
                let other = try await first.client().logIn(body: .json(.init(email: ann.profile.email, password: "correct horse battery")))
                    .ok.body.json
                let otherLive = try await LiveClient.connect(to: second.liveURL)
                try await otherLive.send(.hello(.init(token: other.token)))
                _ = try await otherLive.next { if case .welcome = $0 { true } else { nil } }
                _ = try await ann.client.logOut().noContent
                #expect(await here.closed(within: .seconds(1)))
                #expect(await there.closed(within: .seconds(4)))
                for client in [here, there] {
                    #expect(client.queued.contains { if case .error(let e) = $0 { e.code == "unauthorized" } else { false } })
                }
                #expect(!otherLive.isClosed)
            }
        }
    }

    @Test("changing the password closes the other tokens' connections on every instance and keeps the changer's",
          arguments: TestDatabase.available)
    func passwordChange(database: TestDatabase) async throws {
        var settings = LiveSettings.testing
        settings.socketCheckInterval = 1
        var slow = settings
        slow.socketCheckInterval = 600  // the serving instance must not need its check
        try await withServer(database, live: slow) { first in
            try await withServer(database, live: settings, sharing: first) { second in
                let ann = try await first.newUser("Ann")
                let changer = try await first.live(ann)
                // Ann's other device, logged in with another token, connected to both instances.
                let other = try await first.client().logIn(body: .json(.init(email: ann.profile.email, password: "correct horse battery")))
                    .ok.body.json
                let token = try #require(other.token)
                let here = try await Self.live(on: first, token: token), there = try await Self.live(on: second, token: token)
                _ = try await ann.client.changePassword(body: .json(.init(currentPassword: "correct horse battery",
                                                                          newPassword: "a brand new passphrase"))).noContent
                #expect(await here.closed(within: .seconds(1)))
                #expect(await there.closed(within: .seconds(4)))
                for client in [here, there] {
                    #expect(client.queued.contains { if case .error(let e) = $0 { e.code == "unauthorized" } else { false } })
                }
                #expect(!changer.isClosed)
            }
        }
    }

    /// A connection to `server` that said hello with `token` and was welcomed.
    static func live(on server: TestServer, token: String) async throws -> LiveClient {
        let client = try await LiveClient.connect(to: server.liveURL)
        try await client.send(.hello(.init(token: token)))
        _ = try await client.next { if case .welcome = $0 { true } else { nil } }
        return client
    }

    @Test("a connection closes when its token expires", arguments: TestDatabase.available)
    func expiry(database: TestDatabase) async throws {
        var settings = LiveSettings.testing
        settings.socketCheckInterval = 0.5
        // 10 s, so a busy machine still says hello before the token expires (6 s was too
        // little once for a CI machine running ten tests at once, on PostgreSQL).
        try await withServer(database, tokenLifetime: 10, live: settings) { server in
            let ann = try await server.newUser("Ann")
            let live = try await server.live(ann)
            #expect(!live.isClosed)
            #expect(try await live.nextError(timeout: .seconds(14)).code == "unauthorized")
            #expect(await live.closed(within: .seconds(2)))
        }
    }
}
