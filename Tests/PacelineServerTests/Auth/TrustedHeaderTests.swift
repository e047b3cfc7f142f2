import Foundation
import NIOHTTP1
import PacelineAPI
import PacelineLiveClient
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// Behind an authenticating proxy the operator trusts, its header naming who signed in
/// there (`TrustedUserHeader`): read only when the instance is told to, never over a bearer
/// token, held to this site's pages for changes as the session cookie is, and refused when
/// it comes twice (the attacker's tests first).
@Suite("A trusted proxy's header")
struct TrustedHeaderTests {
    static let site = "https://runs.example.org"
    static let header = try! TrustedUserHeader("Remote-Email")

    @Test("the header signs its account in; no header, an unknown email or an instance not told to read it sign no one in",
          arguments: TestDatabase.available)
    func signsIn(database: TestDatabase) async throws {
        try await withServer(database, publicURL: URL(string: Self.site), trustProxy: true, trustedUserHeader: Self.header) { server in
            let ann = try await server.newUser("Ann", namedBy: "Remote-Email")
            let me = try await server.raw(.GET, "/me", headers: [("Remote-Email", "  \(ann.profile.email.uppercased()) ")])
            #expect(me.status == 200 && me.json?["id"] as? String == ann.id)
            #expect(try await server.raw(.GET, "/me").status == 401)
            #expect(try await server.raw(.GET, "/me", headers: [("Remote-Email", "nobody@example.org")]).status == 401)
            #expect(try await server.raw(.GET, "/me", headers: [("Remote-Email", "not an email")]).status == 401)
            // Someone the proxy signed in who has no account yet registers with the header on.
            let registered = try await server.raw(.POST, "/auth/register", headers: [("Content-Type", "application/json"), ("Origin", Self.site),
                                                                                      ("Remote-Email", "cy@example.org")],
                                                  body: Data(#"{"email":"cy@example.org","password":"correct horse battery","displayName":"Cy"}"#.utf8))
            #expect(registered.status == 201)
            #expect(try await server.raw(.GET, "/me", headers: [("Remote-Email", "cy@example.org")]).json?["displayName"] as? String == "Cy")
        }
        try await withServer(database, publicURL: URL(string: Self.site)) { server in
            let ann = try await server.newUser("Ann")
            #expect(try await server.raw(.GET, "/me", headers: [("Remote-Email", ann.profile.email)]).status == 401, "not told to read it")
        }
    }

    @Test("a bearer token outranks it; it outranks a session cookie; twice is refused; a suspended account is refused",
          arguments: TestDatabase.available)
    func precedence(database: TestDatabase) async throws {
        try await withServer(database, publicURL: URL(string: Self.site), trustProxy: true, trustedUserHeader: Self.header) { server in
            let ann = try await server.newUser("Ann", namedBy: "Remote-Email")
            let bo = try await server.newUser("Bo", namedBy: "Remote-Email")
            let bearer = try await server.raw(.GET, "/me", token: bo.token, headers: [("Remote-Email", ann.profile.email)])
            #expect(bearer.json?["id"] as? String == bo.id)
            let cookie = try await server.raw(.GET, "/me", headers: [("Remote-Email", ann.profile.email), ("Cookie", "paceline_session=\(bo.token)")])
            #expect(cookie.json?["id"] as? String == ann.id, "the proxy's sign-in is the one that holds now")
            // A proxy that appends to a client's header instead of replacing it.
            let twice = try await server.raw(.GET, "/me", headers: [("Remote-Email", bo.profile.email), ("Remote-Email", ann.profile.email)])
            #expect(twice.status == 400)
            try await server.execute("UPDATE users SET suspended_at = CURRENT_TIMESTAMP WHERE email = '\(bo.profile.email)'")
            let suspended = try await server.raw(.GET, "/me", headers: [("Remote-Email", bo.profile.email)])
            #expect(suspended.status == 403 && suspended.errorCode == "suspended")
        }
    }

    @Test("a change it signs in must come from this site's pages; logging out says to sign out at the proxy", arguments: TestDatabase.available)
    func crossSite(database: TestDatabase) async throws {
        try await withServer(database, publicURL: URL(string: Self.site), trustProxy: true, trustedUserHeader: Self.header) { server in
            let ann = try await server.newUser("Ann", namedBy: "Remote-Email")
            let gpx = try Data(contentsOf: Fixtures.track("gpx/run.gpx"))
            for origin in [[("Origin", "https://evil.example")], [("Sec-Fetch-Site", "cross-site")], []] {
                let upload = try await server.raw(.POST, "/runs", headers: origin + [("Remote-Email", ann.profile.email),
                                                                                      ("Content-Type", "application/gpx+xml")], body: gpx)
                #expect(upload.status == 403 && upload.errorCode == "csrf", "\(origin): \(upload.status)")
            }
            #expect(try await ann.client.listRuns().ok.body.json.runs.isEmpty)
            let own = try await server.raw(.POST, "/runs", headers: [("Origin", Self.site), ("Remote-Email", ann.profile.email),
                                                                     ("Content-Type", "application/gpx+xml")], body: gpx)
            #expect(own.status == 201)
            let logOut = try await server.raw(.POST, "/auth/logout", headers: [("Origin", Self.site), ("Remote-Email", ann.profile.email)])
            #expect(logOut.status == 409 && (logOut.json?["error"] as? [String: Any])?["message"] as? String
                    == "you are signed in by the sign-in page in front of this instance: sign out there")
        }
    }

    @Test("the live socket is signed in by it from this site's pages, stays open past the sockets' checks, and closes once the account is suspended",
          arguments: TestDatabase.available)
    func liveSocket(database: TestDatabase) async throws {
        var live = LiveSettings.testing
        live.socketCheckInterval = 0.5
        try await withServer(database, live: live, publicURL: URL(string: Self.site), trustProxy: true, trustedUserHeader: Self.header) { server in
            let ann = try await server.newUser("Ann", namedBy: "Remote-Email")
            await #expect(throws: (any Error).self) {
                try await LiveClient.connect(to: server.liveURL, headers: HTTPHeaders([("Origin", "https://evil.example"), ("Remote-Email", ann.profile.email)]))
            }
            let socket = try await LiveClient.connect(to: server.liveURL, headers: HTTPHeaders([("Origin", Self.site), ("Remote-Email", ann.profile.email)]))
            try await socket.send(.hello(.init()))
            let welcome = try await socket.next { if case .welcome(let welcome) = $0 { welcome } else { nil } }
            #expect(welcome.userId == ann.id)
            // Several checks of the held sockets later, it is still open: no token stands for it, the account does.
            #expect(await !socket.closed(within: .seconds(2)))
            try await server.execute("UPDATE users SET suspended_at = CURRENT_TIMESTAMP WHERE email = '\(ann.profile.email)'")
            #expect(await socket.closed(within: .seconds(3)))
        }
    }

    @Test("behind the header, an account is made only for the email it names, an email never changes here, and a header naming no account ignores an older cookie",
          arguments: TestDatabase.available)
    func emailsAreTheProxys(database: TestDatabase) async throws {
        try await withServer(database, publicURL: URL(string: Self.site), trustProxy: true, trustedUserHeader: Self.header) { server in
            let register: ([(String, String)], String) async throws -> TestServer.RawResponse = { headers, email in
                try await server.raw(.POST, "/auth/register", headers: [("Content-Type", "application/json"), ("Origin", Self.site)] + headers,
                                     body: Data(#"{"email":"\#(email)","password":"correct horse battery","displayName":"Mal"}"#.utf8))
            }
            // Mallory, signed in at the proxy as herself, registers Vic's address ahead of him: refused, as without the header.
            let ahead = try await register([("Remote-Email", "mallory@example.org")], "vic@example.org")
            #expect(ahead.status == 403 && ahead.errorCode == "email_from_proxy")
            #expect(try await register([], "vic@example.org").errorCode == "email_from_proxy")
            #expect(try await register([("Remote-Email", "mallory@example.org")], "mallory@example.org").status == 201)
            // No changing an email to another member's either.
            let mallory = try await server.raw(.POST, "/auth/login", headers: [("Content-Type", "application/json"), ("Origin", Self.site)],
                                               body: Data(#"{"email":"mallory@example.org","password":"correct horse battery"}"#.utf8))
            let token = try #require(mallory.json?["token"] as? String)
            let change = try await server.raw(.POST, "/me/email", token: token, headers: [("Content-Type", "application/json")],
                                              body: Data(#"{"email":"vic@example.org","password":"correct horse battery"}"#.utf8))
            #expect(change.status == 403 && change.errorCode == "email_from_proxy", "\(change.status)")
            // Vic, signed in at the proxy with no account yet, is no one here, whatever cookie the browser still holds.
            let stale = try await server.raw(.GET, "/me", headers: [("Remote-Email", "vic@example.org"), ("Cookie", "paceline_session=\(token)")])
            #expect(stale.status == 401)
            // An address that Unicode lowercases into Kim's (its K the Kelvin sign) names no one.
            #expect(try await register([("Remote-Email", "kim@example.org")], "kim@example.org").status == 201)
            #expect(try await server.raw(.GET, "/me", headers: [("Remote-Email", "KIM@example.org")]).status == 200)
            let lookalike = try await server.raw(.GET, "/me", headers: [("Remote-Email", "\u{212A}im@example.org")])
            #expect(lookalike.status == 401)
        }
    }

    @Test("a name that is not a header's, or one Paceline reads for itself, is refused")
    func names() {
        for name in ["", "Remote Email", "Remote-Email:", "Authorization", "cookie", "X-Forwarded-For", "Ré-Email"] {
            #expect(throws: TrustedUserHeader.Invalid.self, "\(name)") { try TrustedUserHeader(name) }
        }
        #expect((try? TrustedUserHeader("X-Forwarded-Email"))?.name == "X-Forwarded-Email")
    }
}
