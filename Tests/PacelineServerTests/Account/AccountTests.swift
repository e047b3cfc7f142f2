import Foundation
import PacelineAPI
import PacelineTestSupport
import Testing

@Suite("Accounts")
struct AccountTests {
    @Test("register, log in, profile, settings, log out", arguments: TestDatabase.available)
    func lifecycle(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let anonymous = server.client()
            let registered = try await anonymous.register(body: .json(.init(email: "Ann@Example.org ", password: "correct horse", displayName: "Ann")))
                .created.body.json
            #expect(registered.profile.email == "ann@example.org")
            #expect(registered.profile.units == .metric)
            #expect(registered.expiresAt > Date().addingTimeInterval(3000))

            let session = try await anonymous.logIn(body: .json(.init(email: "ann@example.org", password: "correct horse"))).ok.body.json
            let ann = server.client(token: session.token)
            #expect(try await ann.getProfile().ok.body.json.displayName == "Ann")

            let updated = try await ann.updateProfile(body: .json(.init(displayName: "Ann R", units: .imperial, weightKilograms: 61, defaultPrivacy: .private)))
                .ok.body.json
            #expect(updated.displayName == "Ann R" && updated.units == .imperial && updated.weightKilograms == 61 && updated.defaultPrivacy == .private)

            _ = try await ann.logOut().noContent
            let afterLogOut = try await server.raw(.GET, "/me", token: session.token)
            #expect(afterLogOut.status == 401 && afterLogOut.errorCode == "unauthorized")
            // The token from registration still works: log out revokes only its own token.
            #expect(try await server.client(token: registered.token).getProfile().ok.body.json.displayName == "Ann R")
        }
    }

    @Test("a duplicate email is a conflict; a bad email or short password a 400", arguments: TestDatabase.available)
    func registrationErrors(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let client = server.client()
            _ = try await client.register(body: .json(.init(email: "bo@example.org", password: "long enough", displayName: "Bo"))).created
            let duplicate = try await server.raw(.POST, "/auth/register", headers: [("Content-Type", "application/json")],
                                                 body: Data(#"{"email":"BO@example.org","password":"long enough","displayName":"Bo"}"#.utf8))
            #expect(duplicate.status == 409 && duplicate.errorCode == "conflict")
            let badEmail = try await server.raw(.POST, "/auth/register", headers: [("Content-Type", "application/json")],
                                                body: Data(#"{"email":"not-an-email","password":"long enough","displayName":"Bo"}"#.utf8))
            #expect(badEmail.status == 400 && badEmail.errorCode == "bad_request")
            let short = try await server.raw(.POST, "/auth/register", headers: [("Content-Type", "application/json")],
                                             body: Data(#"{"email":"cy@example.org","password":"short","displayName":"Cy"}"#.utf8))
            #expect(short.status == 400)
        }
    }

    @Test("an expired token is refused", arguments: TestDatabase.available)
    func expiry(database: TestDatabase) async throws {
        // 5 s: the token is used while fresh (when the machine gets there in time), then expires.
        // It was issued after `start` and before `issued`, so it is surely fresh until
        // `start` + 5 s and surely expired from `issued` + 5 s.
        try await withServer(database, tokenLifetime: 5) { server in
            let start = Date()
            let di = try await server.newUser("Di")
            let issued = Date()
            let fresh = try await server.raw(.GET, "/me", token: di.token)
            // Good while fresh, unless the machine took the whole lifetime to get here.
            if Date().timeIntervalSince(start) < 4 { #expect(fresh.status == 200) }
            try await Task.sleep(for: .seconds(max(0, 5.5 - Date().timeIntervalSince(issued))))
            let response = try await server.raw(.GET, "/me", token: di.token)
            #expect(response.status == 401)
            #expect((response.json?["error"] as? [String: Any])?["message"] as? String == "the token expired; log in again")
        }
    }

    @Test("repeated wrong passwords are throttled, and an unknown token is refused", arguments: TestDatabase.available)
    func throttling(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let client = server.client()
            _ = try await client.register(body: .json(.init(email: "ed@example.org", password: "right password", displayName: "Ed")))
            let wrong = Data(#"{"email":"ed@example.org","password":"wrong password"}"#.utf8)
            for _ in 0..<5 {
                let response = try await server.raw(.POST, "/auth/login", headers: [("Content-Type", "application/json")], body: wrong)
                #expect(response.status == 401)
            }
            let throttled = try await server.raw(.POST, "/auth/login", headers: [("Content-Type", "application/json")],
                                                 body: Data(#"{"email":"ed@example.org","password":"right password"}"#.utf8))
            #expect(throttled.status == 429 && throttled.errorCode == "too_many_requests")
            let unknown = try await server.raw(.GET, "/me", token: "made-up")
            #expect(unknown.status == 401)
        }
    }
}
