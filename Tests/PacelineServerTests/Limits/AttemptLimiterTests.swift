import Foundation
@testable import PacelineServer
import PacelineTestSupport
import SQLKit
import Testing

/// The attempt limiter's counts: per address means per address (and only a trusted proxy
/// says which), a window's end starts a new count, and ended counts are deleted.
@Suite("Attempt limiter")
struct AttemptLimiterTests {
    static let json = [("Content-Type", "application/json")]

    /// Sends `count` wrong logins for unknown emails at once, each with `forwardedFor(i)`
    /// as `X-Forwarded-For`, and answers how many were answered 401.
    static func wrongLogins(_ server: TestServer, count: Int, forwardedFor: @escaping @Sendable (Int) -> String) async throws -> Int {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for i in 0..<count {
                group.addTask {
                    let body = try JSONSerialization.data(withJSONObject: ["email": "nobody\(i)@example.org", "password": "a guess"])
                    return try await server.raw(.POST, "/auth/login", headers: json + [("X-Forwarded-For", forwardedFor(i))], body: body).status
                }
            }
            return try await group.reduce(into: 0) { $0 += $1 == 401 ? 1 : 0 }
        }
    }

    /// 10 wrong passwords per address, so these tests stay light on a busy machine.
    static var limits: AttemptLimits {
        var limits = AttemptLimits()
        limits.passwordsPerAddress.attempts = 10
        return limits
    }

    @Test("a forged X-Forwarded-For gains nothing without a trusted proxy", arguments: TestDatabase.available)
    func forgedForwardedFor(database: TestDatabase) async throws {
        try await withServer(database, limits: Self.limits) { server in
            let allowance = Self.limits.passwordsPerAddress.attempts
            let answered = try await Self.wrongLogins(server, count: allowance + 20) { "198.51.100.\($0)" }
            #expect(answered == allowance, "every request counted as 127.0.0.1's")
            // And the made-up emails refused for their address left no count behind.
            let accounts = try await (server.app.db as! any SQLDatabase)
                .raw("SELECT COUNT(*) AS n FROM attempt_counts WHERE kind = 'password'").first()?.decode(column: "n", as: Int.self)
            #expect(accounts == allowance)
        }
    }

    @Test("behind a trusted proxy each client address has its own allowance", arguments: TestDatabase.available)
    func addressesApart(database: TestDatabase) async throws {
        try await withServer(database, trustProxy: true, limits: Self.limits) { server in
            let allowance = Self.limits.passwordsPerAddress.attempts
            // Two clients; the proxy appends the address it saw last, after what they sent.
            let answered = try await Self.wrongLogins(server, count: 2 * allowance + 20) {
                "10.9.9.9, 203.0.113.\($0 % 2 + 1)"
            }
            #expect(answered == 2 * allowance)
        }
    }

    @Test("a window's end starts a new count; a late give-back leaves it alone; ended counts are deleted",
          arguments: TestDatabase.available)
    func windows(database: TestDatabase) async throws {
        try await withServer(database) { server in
            var limits = AttemptLimits()
            limits.joinCodesPerAccount = .init(attempts: 2, window: 60)
            let limiter = AttemptLimiter(database: server.app.db as! any SQLDatabase, limits: limits)
            let user = UUID(), start = Date()
            let first = try await limiter.take(.joinCode(user: user), now: start)
            _ = try await limiter.take(.joinCode(user: user), now: start)
            await #expect(throws: Refusal.self) { try await limiter.take(.joinCode(user: user), now: start.addingTimeInterval(59)) }
            // A new window: one attempt in it; giving back one of the old window's changes nothing.
            let later = start.addingTimeInterval(61)
            _ = try await limiter.take(.joinCode(user: user), now: later)
            try await limiter.giveBack(first)
            _ = try await limiter.take(.joinCode(user: user), now: later)
            await #expect(throws: Refusal.self) { try await limiter.take(.joinCode(user: user), now: later) }

            _ = try await limiter.take(.joinCode(user: UUID()), now: start)  // its window ends at start + 60
            try await limiter.forgetEnded(now: start.addingTimeInterval(100))
            let left = try await (server.app.db as! any SQLDatabase).raw("SELECT subject FROM attempt_counts").all()
                .map { try $0.decode(column: "subject", as: String.self) }
            #expect(left == [user.uuidString.lowercased()])
        }
    }
}
