import Foundation
import PacelineAPI
import PacelineServer
import PacelineTestSupport
import Testing

/// Guessing passwords is slow: an attacker's parallel wrong passwords for one account, from
/// one address against many accounts, and on two instances sharing one PostgreSQL, are
/// counted atomically before any password is checked.
@Suite("Login limits")
struct LoginLimitTests {
    static let json = [("Content-Type", "application/json")]
    /// The production limits, which these tests run on.
    static let limits = AttemptLimits()

    /// Sends `count` logins at once, `password` for `email(i)`, and answers their statuses
    /// with whether each 429 carried a positive `Retry-After`.
    static func parallelLogins(_ servers: [TestServer], count: Int, email: @escaping @Sendable (Int) -> String,
                               password: String) async throws -> [(status: Int, retryAfter: Int?)] {
        try await withThrowingTaskGroup(of: (Int, Int?).self) { group in
            for i in 0..<count {
                let server = servers[i % servers.count]
                group.addTask {
                    let body = try JSONSerialization.data(withJSONObject: ["email": email(i), "password": password])
                    let response = try await server.raw(.POST, "/auth/login", headers: json, body: body)
                    let retryAfter = response.headers.first { $0.0.lowercased() == "retry-after" }.flatMap { Int($0.1) }
                    return (response.status, retryAfter)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test("50 parallel wrong passwords for one account: at most 10 answered 401, the rest 429 with Retry-After, none 5xx",
          arguments: TestDatabase.available)
    func parallelWrongPasswords(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let victim = try await server.newUser("Victim")
            let answers = try await Self.parallelLogins([server], count: 50, email: { _ in victim.profile.email },
                                                        password: "not the password")
            let statuses = answers.map(\.status)
            #expect(statuses.allSatisfy { $0 == 401 || $0 == 429 }, "\(statuses.sorted())")
            #expect(statuses.filter { $0 == 401 }.count == Self.limits.passwordsPerAccount.attempts)
            #expect(statuses.filter { $0 == 429 }.count == 50 - Self.limits.passwordsPerAccount.attempts)
            #expect(answers.filter { $0.status == 429 }.allSatisfy { ($0.retryAfter ?? 0) > 0 })
        }
    }

    @Test("two instances on one PostgreSQL share the count: 50 wrong passwords split between them, at most 10 answered 401",
          .enabled(if: TestDatabase.available.contains(.postgres), "needs PACELINE_TEST_POSTGRES_URL"))
    func sharedAcrossInstances() async throws {
        try await withServer(.postgres) { first in
            try await withServer(.postgres, sharing: first) { second in
                let victim = try await first.newUser("Victim")
                let statuses = try await Self.parallelLogins([first, second], count: 50, email: { _ in victim.profile.email },
                                                             password: "not the password").map(\.status)
                #expect(statuses.allSatisfy { $0 == 401 || $0 == 429 }, "\(statuses.sorted())")
                #expect(statuses.filter { $0 == 401 }.count == Self.limits.passwordsPerAccount.attempts)
            }
        }
    }

    @Test("wrong passwords for many accounts from one address are limited too", arguments: TestDatabase.available)
    func manyAccountsFromOneAddress(database: TestDatabase) async throws {
        // 10 per address here (50 in production), so the test stays light on a busy machine.
        var limits = AttemptLimits()
        limits.passwordsPerAddress.attempts = 10
        try await withServer(database, limits: limits) { server in
            let statuses = try await Self.parallelLogins([server], count: 30, email: { "nobody\($0)@example.org" },
                                                         password: "not the password").map(\.status)
            #expect(statuses.allSatisfy { $0 == 401 || $0 == 429 }, "\(statuses.sorted())")
            #expect(statuses.filter { $0 == 401 }.count == 10)
            #expect(statuses.filter { $0 == 429 }.count == 20)
        }
    }

    @Test("registrations from one address are limited", arguments: TestDatabase.available)
    func registrationsFromOneAddress(database: TestDatabase) async throws {
        // 10 an hour here (30 in production), so the test stays light on a busy machine.
        var limits = AttemptLimits()
        limits.registrationsPerAddress.attempts = 10
        try await withServer(database, limits: limits) { server in
            let perAddress = limits.registrationsPerAddress.attempts
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for i in 0..<(perAddress + 10) {
                    group.addTask {
                        let body = try JSONSerialization.data(withJSONObject: [
                            "email": "member\(i)@example.org", "password": "correct horse battery", "displayName": "Member \(i)"])
                        return try await server.raw(.POST, "/auth/register", headers: Self.json, body: body).status
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == 201 || $0 == 429 }, "\(statuses.sorted())")
            #expect(statuses.filter { $0 == 201 }.count == perAddress, "\(statuses.filter { $0 == 201 }.count) registered")
        }
    }

    @Test("an unknown email takes as long to refuse as a wrong password", arguments: TestDatabase.available)
    func timing(database: TestDatabase) async throws {
        // bcrypt above the production cost (10), so the hash is what a login costs even on a
        // machine busy with other tests, not the request around it.
        try await withServer(database, bcryptCost: 12) { server in
            let ann = try await server.newUser("Ann")
            func time(_ email: String) async throws -> Duration {
                let body = try JSONSerialization.data(withJSONObject: ["email": email, "password": "not the password"])
                let start = ContinuousClock.now
                let status = try await server.raw(.POST, "/auth/login", headers: Self.json, body: body).status
                #expect(status == 401)
                return ContinuousClock.now - start
            }
            var wrong: [Duration] = [], unknown: [Duration] = []
            for i in 0..<Self.limits.passwordsPerAccount.attempts {  // the account's allowance, in turns with unknown emails
                wrong.append(try await time(ann.profile.email))
                unknown.append(try await time("nobody\(i)@example.org"))
            }
            let median = { (times: [Duration]) in times.sorted()[times.count / 2] }
            let ratio = median(wrong) / median(unknown)
            #expect(ratio < 3 && ratio > 1 / 3.0, "medians: wrong password \(median(wrong)), unknown email \(median(unknown))")
        }
    }

    /// Logs in as `email` with `password`, by hand.
    static func logIn(_ server: TestServer, _ email: String, _ password: String) async throws -> TestServer.RawResponse {
        let body = try JSONSerialization.data(withJSONObject: ["email": email, "password": password])
        return try await server.raw(.POST, "/auth/login", headers: json, body: body)
    }

    @Test("a right password is not counted: only wrong ones use the allowance up", arguments: TestDatabase.available)
    func rightPasswordsGivenBack(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann"), email = ann.profile.email
            let allowance = Self.limits.passwordsPerAccount.attempts
            var statuses: [Int] = []
            for i in 0..<allowance - 1 { statuses.append(try await Self.logIn(server, email, "wrong \(i)").status) }
            for _ in 0..<3 { statuses.append(try await Self.logIn(server, email, "correct horse battery").status) }
            statuses.append(try await Self.logIn(server, email, "wrong again").status)
            statuses.append(try await Self.logIn(server, email, "correct horse battery").status)
            #expect(statuses == Array(repeating: 401, count: allowance - 1) + [200, 200, 200, 401, 429])
        }
    }

    @Test("a refused login says when to try again: Retry-After and the message", arguments: TestDatabase.available)
    func retryAfter(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann"), email = ann.profile.email
            let window = Self.limits.passwordsPerAccount.window
            for i in 0..<Self.limits.passwordsPerAccount.attempts { _ = try await Self.logIn(server, email, "wrong \(i)") }
            let refused = try await Self.logIn(server, email, "correct horse battery")
            #expect(refused.status == 429 && refused.errorCode == "too_many_requests", "\(refused.status)")
            let wait = try #require(refused.headers.first { $0.0.lowercased() == "retry-after" }.flatMap { Int($0.1) })
            #expect(wait > Int(window) - 60 && wait <= Int(window), "\(wait) s")
            let message = (refused.json?["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message == "too many wrong passwords for this account; try again in \(Int(window) / 60) min", "\(message)")
        }
    }
}
