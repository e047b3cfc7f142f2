import Fluent
import NIOHTTP1
import Foundation
import PacelineAPI
import PacelineLiveClient
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// Personal access tokens for other apps: made and revoked by their owner, shown once, kept
/// as a hash, and held to their scope on every operation (written first as the attacker's
/// test: an upload-only token tries everything else).
@Suite("Personal access tokens")
struct PersonalTokenTests {
    /// Makes a token through the API: its secret and id.
    static func make(_ user: TestUser, _ server: TestServer, name: String, scope: String, days: Int? = nil) async throws -> (secret: String, id: String) {
        var body: [String: Any] = ["name": name, "scope": scope]
        if let days { body["expiresInDays"] = days }
        let answer = try await server.raw(.POST, "/me/tokens", token: user.token, headers: [("Content-Type", "application/json")],
                                          body: try JSONSerialization.data(withJSONObject: body))
        #expect(answer.status == 201, "\(answer.status) \(answer.errorCode ?? "")")
        let secret = try #require(answer.json?["token"] as? String)
        let id = try #require((answer.json?["personalToken"] as? [String: Any])?["id"] as? String)
        return (secret, id)
    }

    @Test("an upload-only token uploads, and every other operation answers 403 token_scope; it opens no live connection",
          arguments: TestDatabase.available)
    func uploadOnly(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let run = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            let (secret, _) = try await Self.make(ann, server, name: "GPSLogger", scope: "upload")
            #expect(secret.hasPrefix("plp_"))
            // What it is for.
            let uploaded = try await server.raw(.POST, "/runs", token: secret, headers: [("Content-Type", "application/vnd.ant.fit")],
                                                body: try Data(contentsOf: Fixtures.track("fit/garmin-fenix-5-run.fit")))
            #expect(uploaded.status == 201)
            // Everything else, reading or writing, Ann's or anyone's.
            let attempts: [(HTTPMethod, String, Data?)] = [
                (.GET, "/me", nil), (.GET, "/runs", nil), (.GET, "/runs/\(run)", nil), (.GET, "/runs/\(run)/original", nil),
                (.GET, "/me/export", nil), (.GET, "/me/tokens", nil), (.DELETE, "/runs/\(run)", nil),
                (.PATCH, "/me", Data(#"{"displayName":"Mallory"}"#.utf8)),
                (.POST, "/me/tokens", Data(#"{"name":"wider","scope":"full"}"#.utf8)),
                (.POST, "/auth/logout", nil), (.GET, "/friends", nil),
            ]
            for (method, path, body) in attempts {
                let answer = try await server.raw(method, path, token: secret, headers: body == nil ? [] : [("Content-Type", "application/json")], body: body)
                #expect(answer.status == 403 && answer.errorCode == "token_scope", "\(method) \(path): \(answer.status) \(answer.errorCode ?? "")")
            }
            #expect(try await server.raw(.GET, "/runs/\(run)", token: ann.token).status == 200, "nothing was deleted")
            #expect(try await ann.client.getProfile().ok.body.json.displayName == "Ann")
            // The live socket does not take it.
            let live = try await LiveClient.connect(to: server.liveURL)
            try await live.send(.hello(.init(token: secret)))
            #expect(try await live.nextError().code == "unauthorized")
        }
    }

    @Test("a read token reads and changes nothing; only a full token manages tokens", arguments: TestDatabase.available)
    func readOnly(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let run = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            let (secret, _) = try await Self.make(ann, server, name: "Dashboard", scope: "read")
            for path in ["/me", "/runs", "/runs/\(run)", "/runs/\(run)/series", "/me/stats"] {
                #expect(try await server.raw(.GET, path, token: secret).status == 200, "\(path)")
            }
            // The calendar feed's address is made by its GET, and would outlive the token.
            for (method, path) in [(HTTPMethod.DELETE, "/runs/\(run)"), (.POST, "/runs"), (.GET, "/me/tokens"), (.PUT, "/runs/\(run)/kudos"),
                                   (.GET, "/calendar")] {
                let answer = try await server.raw(method, path, token: secret)
                #expect(answer.status == 403 && answer.errorCode == "token_scope", "\(method) \(path)")
            }
        }
    }

    @Test("made, listed with its last use, revoked; shown once and kept as a hash; 20 at most; others' are 404; an expired one is refused",
          arguments: TestDatabase.available)
    func lifecycle(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann"), bo = try await server.newUser("Bo")
            let (secret, id) = try await Self.make(ann, server, name: "  Watch sync  ", scope: "full", days: 30)
            // Only its hash is kept.
            let rows = try await Token.query(on: server.app.db).filter(\.$name != nil).all()
            #expect(rows.count == 1 && rows[0].tokenHash == TokenIssuer.hash(secret) && rows[0].tokenHash != secret)
            #expect(rows[0].scope == .full && rows[0].name == "Watch sync")
            #expect(try await server.raw(.GET, "/me", token: secret).status == 200)
            let listed = try await server.raw(.GET, "/me/tokens", token: ann.token)
            let tokens = try #require(listed.json?["tokens"] as? [[String: Any]])
            #expect(tokens.count == 1 && tokens[0]["name"] as? String == "Watch sync" && tokens[0]["lastUsedAt"] != nil)
            #expect(tokens[0]["expiresAt"] != nil && tokens[0]["token"] == nil)
            #expect(!String(decoding: listed.body, as: UTF8.self).contains(secret))
            // The sign-ins are not listed, nor anyone else's.
            #expect(try await server.raw(.GET, "/me/tokens", token: bo.token).json?["tokens"] as? [Any] != nil)
            #expect((try await server.raw(.GET, "/me/tokens", token: bo.token).json?["tokens"] as? [Any])?.isEmpty == true)
            #expect(try await server.raw(.DELETE, "/me/tokens/\(id)", token: bo.token).status == 404)
            // Bad requests.
            for body in [#"{"name":"","scope":"full"}"#, #"{"name":"x","scope":"admin"}"#, #"{"name":"x","scope":"read","expiresInDays":0}"#,
                         #"{"name":"x","scope":"read","expiresInDays":4000}"#] {
                let answer = try await server.raw(.POST, "/me/tokens", token: ann.token, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
                #expect(answer.status == 400, "\(body)")
            }
            // Revoked: refused at once, and its live connection closed.
            let live = try await LiveClient.connect(to: server.liveURL)
            try await live.send(.hello(.init(token: secret)))
            _ = try await live.next(waitingFor: "welcome") { if case .welcome(let welcome) = $0 { welcome } else { nil } }
            #expect(try await server.raw(.DELETE, "/me/tokens/\(id)", token: ann.token).status == 204)
            #expect(try await server.raw(.GET, "/me", token: secret).status == 401)
            #expect(await live.closed(within: .seconds(2)), "the revoked token's live connection stayed open")
            // At most 20.
            for index in 0..<PersonalTokens.maximumCount { _ = try await Self.make(ann, server, name: "app \(index)", scope: "upload") }
            let tooMany = try await server.raw(.POST, "/me/tokens", token: ann.token, headers: [("Content-Type", "application/json")],
                                               body: Data(#"{"name":"one more","scope":"upload"}"#.utf8))
            #expect(tooMany.status == 409 && tooMany.errorCode == "too_many_tokens")
            // Expired: refused, saying which.
            let (old, oldID) = try await Self.make(bo, server, name: "Old script", scope: "read", days: 1)
            try await Token.query(on: server.app.db).filter(\.$id == UUID(uuidString: oldID)!).set(\.$expiresAt, to: Date().addingTimeInterval(-60)).update()
            let expired = try await server.raw(.GET, "/me", token: old)
            #expect(expired.status == 401 && String(decoding: expired.body, as: UTF8.self).contains("Old script"))
            // A new password revokes them all.
            _ = try await server.raw(.POST, "/me/password", token: ann.token, headers: [("Content-Type", "application/json")],
                                     body: Data(#"{"currentPassword":"correct horse battery","newPassword":"another horse battery"}"#.utf8))
            #expect(try await Token.query(on: server.app.db).filter(\.$user.$id == UUID(uuidString: ann.id)!).filter(\.$name != nil).count() == 0)
        }
    }
}
