import FluentKit
import Foundation
import PacelineAPI
@testable import PacelineServer
import PacelineTestSupport
import Synchronization
import Testing
import Vapor

/// Passwords are 10 to 256 characters and count whole: nothing after bcrypt's 72nd byte
/// is dropped. Hashes from before still log in, and are replaced; a password is changed
/// with the current one, which logs out every other token.
@Suite("Passwords")
struct PasswordTests {
    static let json = [("Content-Type", "application/json")]

    static func register(_ server: TestServer, _ email: String, password: String) async throws -> TestServer.RawResponse {
        let body = try JSONSerialization.data(withJSONObject: ["email": email, "password": password, "displayName": "Pat"])
        return try await server.raw(.POST, "/auth/register", headers: json, body: body)
    }

    static func logIn(_ server: TestServer, _ email: String, password: String) async throws -> TestServer.RawResponse {
        let body = try JSONSerialization.data(withJSONObject: ["email": email, "password": password])
        return try await server.raw(.POST, "/auth/login", headers: json, body: body)
    }

    @Test("a password has 10 to 256 characters", arguments: TestDatabase.available)
    func lengths(database: TestDatabase) async throws {
        try await withServer(database) { server in
            for (password, status) in [(String(repeating: "a", count: 9), 400), (String(repeating: "é", count: 257), 400),
                                       (String(repeating: "a", count: 10), 201), (String(repeating: "é", count: 256), 201)] {
                let response = try await Self.register(server, "p\(password.count)@example.org", password: password)
                #expect(response.status == status, "\(password.count) characters")
                if status == 400 {
                    let message = (response.json?["error"] as? [String: Any])?["message"] as? String ?? ""
                    #expect(message.contains("password") && message.contains("10") && message.contains("256"), "\(message)")
                }
            }
        }
    }

    @Test("two 100-byte passwords that differ after byte 72 are different passwords", arguments: TestDatabase.available)
    func beyondBcryptsLimit(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let common = String(repeating: "x", count: 72)
            let real = common + String(repeating: "a", count: 28), other = common + String(repeating: "b", count: 28)
            let registered = try await Self.register(server, "long@example.org", password: real)
            let imposter = try await Self.logIn(server, "long@example.org", password: other)
            let owner = try await Self.logIn(server, "long@example.org", password: real)
            #expect(registered.status == 201)
            #expect(imposter.status == 401, "the same first 72 bytes are not the password")
            #expect(owner.status == 200)
        }
    }

    @Test("a password is the same in either Unicode form (é as one character or e and an accent)", arguments: TestDatabase.available)
    func normalForms(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let registered = try await Self.register(server, "cafe@example.org", password: "caf\u{E9} au lait please")
            let decomposed = try await Self.logIn(server, "cafe@example.org", password: "cafe\u{301} au lait please")
            let other = try await Self.logIn(server, "cafe@example.org", password: "cafe au lait please")
            #expect(registered.status == 201 && decomposed.status == 200 && other.status == 401)
        }
    }

    @Test("a plain bcrypt hash from before still logs in, and is replaced by the pre-hashed form", arguments: TestDatabase.available)
    func oldHashesUpgrade(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let old = try await server.newUser("Old")
            // As main stored it: bcrypt of the password itself, 8 characters being enough then.
            let user = try #require(try await User.query(on: server.app.db).filter(\.$email == old.profile.email).first())
            user.passwordHash = try Bcrypt.hash("eight ch", cost: 4)
            try await user.save(on: server.app.db)

            #expect(try await Self.logIn(server, old.profile.email, password: "eight ch!").status == 401)
            let first = try await Self.logIn(server, old.profile.email, password: "eight ch")
            #expect(first.status == 200)
            let stored = try #require(try await User.find(user.requireID(), on: server.app.db)).passwordHash
            #expect(stored.hasPrefix("sha256:$2b$04$"), "\(stored)")
            let again = try await Self.logIn(server, old.profile.email, password: "eight ch")
            #expect(again.status == 200)
        }
    }

    static func change(_ server: TestServer, token: String, current: String, new: String) async throws -> TestServer.RawResponse {
        let body = try JSONSerialization.data(withJSONObject: ["currentPassword": current, "newPassword": new])
        return try await server.raw(.POST, "/me/password", token: token, headers: json, body: body)
    }

    @Test("changing the password needs the current one and logs out every other token", arguments: TestDatabase.available)
    func change(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let phone = try await Self.logIn(server, ann.profile.email, password: "correct horse battery")
            let phoneToken = try #require(phone.json?["token"] as? String)
            let other = try await server.newUser("Bo")

            let wrong = try await Self.change(server, token: ann.token, current: "not my password", new: "a new password")
            #expect(wrong.status == 403 && wrong.errorCode == "wrong_password")
            let short = try await Self.change(server, token: ann.token, current: "correct horse battery", new: "too short")
            #expect(short.status == 400)
            let message = (short.json?["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.contains("newPassword"), "\(message)")
            let anonymous = try await server.raw(.POST, "/me/password", headers: Self.json,
                                                 body: Data(#"{"currentPassword":"correct horse battery","newPassword":"a new password"}"#.utf8))
            #expect(anonymous.status == 401)

            let changed = try await Self.change(server, token: ann.token, current: "correct horse battery", new: "a new password")
            #expect(changed.status == 204)
            // The token that changed it still works; the phone's does not; other users keep theirs.
            #expect(try await server.raw(.GET, "/me", token: ann.token).status == 200)
            #expect(try await server.raw(.GET, "/me", token: phoneToken).status == 401)
            #expect(try await server.raw(.GET, "/me", token: other.token).status == 200)
            #expect(try await Self.logIn(server, ann.profile.email, password: "correct horse battery").status == 401)
            #expect(try await Self.logIn(server, ann.profile.email, password: "a new password").status == 200)
        }
    }

    @Test("wrong current passwords are counted as logins are: the account's allowance, then 429", arguments: TestDatabase.available)
    func changeIsLimited(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let allowance = AttemptLimits().passwordsPerAccount.attempts
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for i in 0..<(allowance + 10) {
                    group.addTask { try await Self.change(server, token: ann.token, current: "guess number \(i)", new: "a new password").status }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 403 }.count == allowance)
            #expect(statuses.filter { $0 == 429 }.count == 10)
            // The same count as logging in: the right password is refused there too for now.
            #expect(try await Self.logIn(server, ann.profile.email, password: "correct horse battery").status == 429)
        }
    }

    @Test("bcrypt runs on threads of its own: NIO's shared blocking pool, where SQLite runs its queries, is free meanwhile")
    func ownThreads() async throws {
        // One thread, four checks of a quarter of a second each (cost 12). On the shared
        // pool (as many threads as cores) the job below waited for the first checks: the
        // Locust load test's reads took 0.6-3 s while a crowd signed in (docs/PERFORMANCE.md).
        let passwords = try Passwords(cost: 12, threads: 1)
        let hash = try await passwords.hash("correct horse battery")
        let order = Order()
        let checks = (0..<4).map { _ in
            Task {
                let verdict = try await passwords.verify("correct horse battery", against: hash)
                order.note(verdict == .right ? "check" : "wrong")
            }
        }
        try await Task.sleep(for: .milliseconds(50))
        try await NIOThreadPool.singleton.runIfActive {}
        order.note("shared pool")
        for check in checks { try await check.value }
        #expect(order.events.first == "shared pool", "\(order.events)")
        #expect(order.events.count == 5)
        try await passwords.shutdown()
    }
}

/// What finished, in order.
private final class Order: Sendable {
    private let list = Mutex<[String]>([])

    var events: [String] { list.withLock { $0 } }

    func note(_ event: String) { list.withLock { $0.append(event) } }
}
