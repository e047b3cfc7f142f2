import Foundation
import PacelineAPI
import PacelineLiveClient
import PacelineServer
import PacelineTestSupport
import Testing

/// A 4-digit join code can't be guessed: wrong codes are counted per account and per
/// address before a code is looked up, in one statement, whatever the number of sockets.
@Suite("Join code limits")
struct JoinCodeLimitTests {
    /// The attacker's sockets.
    static let sockets = 200

    /// The live settings of these tests, in one place: when sockets are limited per
    /// account and per address, the limits are raised here so the 200 sockets connect.
    static var crowdSettings: LiveSettings {
        var settings = LiveSettings.testing
        settings.socketsPerAccount = sockets
        return settings
    }
    /// The production limits, which these tests run on.
    static let limits = AttemptLimits()

    /// Opens `count` connections as `user` on `servers` (in turn), all said hello: 20 at a
    /// time, so a busy machine's database answers every hello in time (the guesses, not
    /// the connecting, are what must come at once).
    static func sockets(_ count: Int, as user: TestUser, on servers: [TestServer]) async throws -> [LiveClient] {
        var sockets: [LiveClient] = []
        for wave in stride(from: 0, to: count, by: 20) {
            sockets += try await withThrowingTaskGroup(of: LiveClient.self) { group in
                for i in wave..<min(wave + 20, count) { group.addTask { try await servers[i % servers.count].live(user) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        return sockets
    }

    /// Sends each socket its own wrong code (never `code`), all at once, and answers the
    /// error codes that come back.
    static func guessAtOnce(_ sockets: [LiveClient], avoiding code: String) async throws -> [String] {
        let guesses = (0..<10_000).lazy.map { String(format: "%04d", $0) }.filter { $0 != code }.prefix(sockets.count)
        return try await withThrowingTaskGroup(of: String.self) { group in
            for (socket, guess) in zip(sockets, guesses) {
                group.addTask {
                    try await socket.send(.joinSession(.init(code: guess)))
                    return try await socket.nextError(timeout: .seconds(60)).code
                }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
    }

    /// A host's lobby on `server`: the host's connection, the session id and its code.
    static func lobby(_ server: TestServer, host: TestUser) async throws -> (LiveClient, String, String) {
        let live = try await server.live(host)
        try await live.send(.createSession(.init(distanceMeters: 1_000)))
        let joined = try await live.nextJoined()
        return (live, joined.sessionId, try #require(try await live.nextSession().code))
    }

    @Test("200 wrong codes at once from 200 sockets of one account: at most 10 evaluated, the rest too_many_attempts; the host's friends still join",
          arguments: TestDatabase.available)
    func crowdOfWrongCodes(database: TestDatabase) async throws {
        try await withServer(database, live: Self.crowdSettings) { server in
            let ann = try await server.newUser("Ann"), eve = try await server.newUser("Eve")
            let friends = [try await server.newUser("Bo"), try await server.newUser("Cy")]
            let (_, sessionID, code) = try await Self.lobby(server, host: ann)
            let crowd = try await Self.sockets(Self.sockets, as: eve, on: [server])
            let answers = try await Self.guessAtOnce(crowd, avoiding: code)
            #expect(answers.count == Self.sockets)
            #expect(answers.filter { $0 == "bad_code" }.count == Self.limits.joinCodesPerAccount.attempts, "wrong codes evaluated")
            #expect(answers.filter { $0 == "too_many_attempts" }.count == Self.sockets - Self.limits.joinCodesPerAccount.attempts)
            for socket in crowd { await socket.close() }

            // The session's friends, from the same address, still get in with the right code.
            for user in friends {
                let friend = try await server.live(user)
                try await friend.send(.joinSession(.init(code: code)))
                #expect(try await friend.nextJoined().sessionId == sessionID)
            }
        }
    }

    @Test("many accounts guessing from one address: the address's allowance is all that is evaluated", arguments: TestDatabase.available)
    func manyAccountsFromOneAddress(database: TestDatabase) async throws {
        try await withServer(database, live: Self.crowdSettings) { server in
            let (_, _, code) = try await Self.lobby(server, host: try await server.newUser("Ann"))
            // Enough accounts that their own allowances add up to more than the address's.
            let perAccount = Self.limits.joinCodesPerAccount.attempts, perAddress = Self.limits.joinCodesPerAddress.attempts
            var crowd: [LiveClient] = []
            for i in 0..<(perAddress / perAccount + 2) {
                crowd += try await Self.sockets(perAccount, as: try await server.newUser("Eve\(i)"), on: [server])
            }
            let answers = try await Self.guessAtOnce(crowd, avoiding: code)
            #expect(answers.filter { $0 == "bad_code" }.count == perAddress, "wrong codes evaluated")
            #expect(answers.filter { $0 == "too_many_attempts" }.count == crowd.count - perAddress)
            for socket in crowd { await socket.close() }
        }
    }

    @Test("two instances on one PostgreSQL share the count of wrong codes",
          .enabled(if: TestDatabase.available.contains(.postgres), "needs PACELINE_TEST_POSTGRES_URL"))
    func sharedAcrossInstances() async throws {
        try await withServer(.postgres, live: Self.crowdSettings) { first in
            try await withServer(.postgres, live: Self.crowdSettings, sharing: first) { second in
                let (_, _, code) = try await Self.lobby(first, host: try await first.newUser("Ann"))
                let crowd = try await Self.sockets(40, as: try await second.newUser("Eve"), on: [first, second])
                let answers = try await Self.guessAtOnce(crowd, avoiding: code)
                #expect(answers.filter { $0 == "bad_code" }.count == Self.limits.joinCodesPerAccount.attempts, "wrong codes evaluated")
                for socket in crowd { await socket.close() }
            }
        }
    }
}
