import Foundation
import NIOHTTP1
import PacelineAPI
import PacelineLiveClient
import PacelineTestSupport
import Testing

/// The web app's session: its token in an HttpOnly, SameSite=Strict cookie that no script
/// reads, honoured only for requests from this site's own pages (CSRF); bearer clients as
/// before.
@Suite("Web session")
struct WebSessionTests {
    static let evil = "https://evil.example"
    static let boundary = "paceline-boundary"

    @Test("the web app's log in and registration set an HttpOnly, SameSite=Strict cookie and answer no token", arguments: TestDatabase.available)
    func cookieSession(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let email = "ann-\(UUID().uuidString.prefix(8).lowercased())@example.org"
            let registered = try await server.raw(.POST, "/auth/register", headers: Self.json + [("Origin", server.origin)],
                                                  body: Self.body(["email": email, "password": "correct horse battery", "displayName": "Ann", "session": "cookie"]))
            #expect(registered.status == 201)
            let loggedIn = try await server.raw(.POST, "/auth/login", headers: Self.json + [("Origin", server.origin)],
                                                body: Self.body(["email": email, "password": "correct horse battery", "session": "cookie"]))
            #expect(loggedIn.status == 200)
            for answer in [registered, loggedIn] {
                let json = try #require(answer.json)
                #expect(json["token"] == nil, "the answer carries the token: \(json)")
                #expect(json["expiresAt"] is String && (json["profile"] as? [String: Any])?["email"] as? String == email)
                let cookie = try #require(answer.setCookie)
                let attributes = cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                let token = try #require(attributes.first?.split(separator: "=", maxSplits: 1).last.map(String.init))
                #expect(attributes.first == "paceline_session=\(token)" && token.count == 46 && token.hasPrefix("pl_"))
                #expect(Set(attributes.dropFirst()) == ["Max-Age=3600", "Path=/", "HttpOnly", "SameSite=Strict"], "\(cookie)")
                #expect(!String(decoding: answer.body, as: UTF8.self).contains(token))

                // The cookie alone signs a request in.
                let me = try await server.raw(.GET, "/me", headers: [("Cookie", "paceline_session=\(token)")])
                #expect(me.status == 200 && me.json?["email"] as? String == email)
            }
        }
    }

    @Test("a request signed in by the cookie from another site's page is refused and changes nothing", arguments: TestDatabase.available)
    func crossSiteRefused(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let bo = try await server.cookieSession("Bo")
            let (cookie, profile) = (bo.cookie, bo.profile)
            let gpx = try Data(contentsOf: Fixtures.track("gpx/run.gpx"))
            let foreign: [(String, [(String, String)])] = [
                ("another site", [("Origin", Self.evil)]),
                ("an opaque origin", [("Origin", "null")]),
                ("another name of this host", [("Origin", server.origin.replacingOccurrences(of: "127.0.0.1", with: "localhost"))]),
                ("this host over https", [("Origin", server.origin.replacingOccurrences(of: "http:", with: "https:"))]),
                ("no Origin, cross-site", [("Sec-Fetch-Site", "cross-site")]),
                ("no Origin, same-site", [("Sec-Fetch-Site", "same-site")]),
                ("nothing said", []),
            ]
            for (name, headers) in foreign {
                // What an HTML form on another site posts: a file, as multipart/form-data.
                let upload = try await server.raw(.POST, "/runs", headers: headers + [("Cookie", cookie), Self.formType], body: Self.form(gpx))
                #expect(upload.status == 403 && upload.errorCode == "csrf", "\(name): \(upload.status) \(upload.text)")
                let rename = try await server.raw(.PATCH, "/me", headers: headers + [("Cookie", cookie)] + Self.json, body: Self.body(["displayName": "Pwned"]))
                #expect(rename.status == 403 && rename.errorCode == "csrf", "\(name): \(rename.status)")
                let logOut = try await server.raw(.POST, "/auth/logout", headers: headers + [("Cookie", cookie)])
                #expect(logOut.status == 403 && logOut.errorCode == "csrf", "\(name): \(logOut.status)")
            }
            let runs = try await server.raw(.GET, "/runs", headers: [("Cookie", cookie)])
            #expect(runs.status == 200 && (runs.json?["runs"] as? [Any])?.isEmpty == true)
            #expect(try await server.raw(.GET, "/me", headers: [("Cookie", cookie)]).json?["displayName"] as? String == profile.displayName)

            // From this site's own pages: by Origin, or by Sec-Fetch-Site when there is no Origin.
            let own = try await server.raw(.POST, "/runs", headers: [("Origin", server.origin), ("Cookie", cookie), Self.formType], body: Self.form(gpx))
            #expect(own.status == 201, "\(own.status) \(own.text)")
            let sameOrigin = try await server.raw(.PATCH, "/me", headers: [("Sec-Fetch-Site", "same-origin"), ("Cookie", cookie)] + Self.json,
                                                  body: Self.body(["displayName": "Bo B"]))
            #expect(sameOrigin.status == 200 && sameOrigin.json?["displayName"] as? String == "Bo B")
        }
    }

    @Test("a cookie session is handed only to this site's own pages", arguments: TestDatabase.available)
    func cookieLogInFromElsewhere(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let cy = try await server.newUser("Cy")
            for headers in [[("Origin", Self.evil)], []] {
                let login = try await server.raw(.POST, "/auth/login", headers: Self.json + headers,
                                                 body: Self.body(["email": cy.profile.email, "password": "correct horse battery", "session": "cookie"]))
                #expect(login.status == 403 && login.errorCode == "csrf" && login.setCookie == nil, "\(headers): \(login.status)")
                let register = try await server.raw(.POST, "/auth/register", headers: Self.json + headers,
                                                    body: Self.body(["email": "x\(UUID().uuidString.prefix(6))@example.org", "password": "correct horse battery",
                                                                     "displayName": "X", "session": "cookie"]))
                #expect(register.status == 403 && register.errorCode == "csrf" && register.setCookie == nil)
            }
        }
    }

    @Test("bearer clients are unchanged: the token in the answer, no cookie, no origin check", arguments: TestDatabase.available)
    func bearerUnchanged(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let email = "di-\(UUID().uuidString.prefix(8).lowercased())@example.org"
            let registered = try await server.raw(.POST, "/auth/register", headers: Self.json,
                                                  body: Self.body(["email": email, "password": "correct horse battery", "displayName": "Di"]))
            let token = try #require(registered.json?["token"] as? String)
            #expect(registered.status == 201 && registered.setCookie == nil)
            let login = try await server.raw(.POST, "/auth/login", headers: Self.json + [("Origin", Self.evil)],
                                             body: Self.body(["email": email, "password": "correct horse battery", "session": "bearer"]))
            #expect(login.status == 200 && login.json?["token"] is String && login.setCookie == nil)
            // A bearer token is no ambient credential: no page elsewhere can send it, so no origin is checked.
            let gpx = try Data(contentsOf: Fixtures.track("gpx/run.gpx"))
            let upload = try await server.raw(.POST, "/runs", token: token, headers: [("Origin", Self.evil), Self.formType], body: Self.form(gpx))
            #expect(upload.status == 201)
            // The bearer token comes first, whatever cookie is sent beside it.
            let ed = try await server.cookieSession("Ed")
            let me = try await server.raw(.GET, "/me", token: token, headers: [("Cookie", ed.cookie)])
            #expect(me.json?["email"] as? String == email)
            let logOut = try await server.raw(.POST, "/auth/logout", token: token, headers: [("Origin", Self.evil)])
            #expect(logOut.status == 204 && logOut.setCookie == nil)
            #expect(try await server.raw(.GET, "/me", token: token).status == 401)
        }
    }

    @Test("log out revokes the cookie's token and clears the cookie; a stale cookie leaves a request anonymous", arguments: TestDatabase.available)
    func logOut(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let flo = try await server.cookieSession("Flo")
            let (cookie, profile) = (flo.cookie, flo.profile)
            let logOut = try await server.raw(.POST, "/auth/logout", headers: [("Origin", server.origin), ("Cookie", cookie)])
            #expect(logOut.status == 204)
            #expect(logOut.setCookie == "paceline_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict")
            #expect(try await server.raw(.GET, "/me", headers: [("Cookie", cookie)]).status == 401)
            // A browser still holding it can read public things and log in again.
            #expect(try await server.raw(.GET, "/missions", headers: [("Cookie", cookie)]).status == 200)
            let again = try await server.raw(.POST, "/auth/login", headers: Self.json + [("Origin", server.origin), ("Cookie", cookie)],
                                             body: Self.body(["email": profile.email, "password": "correct horse battery", "session": "cookie"]))
            #expect(again.status == 200 && again.setCookie?.hasPrefix("paceline_session=") == true)
        }
    }

    @Test("Secure over https: an https public URL (whose origin is ours too), or a trusted proxy's X-Forwarded-Proto", arguments: TestDatabase.available)
    func secure(database: TestDatabase) async throws {
        let publicURL = try #require(URL(string: "https://runs.example.org"))
        try await withServer(database, publicURL: publicURL) { server in
            let gus = try await server.cookieSession("Gus", origin: "https://runs.example.org")
            #expect(gus.setCookie.hasSuffix("; Secure"))
            let rename = try await server.raw(.PATCH, "/me", headers: [("Origin", "https://runs.example.org"), ("Cookie", gus.cookie)] + Self.json,
                                              body: Self.body(["displayName": "Gus G"]))
            #expect(rename.status == 200)
        }
        try await withServer(database, trustProxy: true) { server in
            let https = server.origin.replacingOccurrences(of: "http:", with: "https:")
            let hal = try await server.cookieSession("Hal", origin: https, extraHeaders: [("X-Forwarded-Proto", "https")])
            #expect(hal.setCookie.hasSuffix("; Secure"))
        }
        try await withServer(database) { server in
            // Without --trust-proxy anyone could send X-Forwarded-Proto: it changes nothing.
            let https = server.origin.replacingOccurrences(of: "http:", with: "https:")
            let refused = try await server.raw(.POST, "/auth/login", headers: Self.json + [("Origin", https), ("X-Forwarded-Proto", "https")],
                                               body: Self.body(["email": "nobody@example.org", "password": "whatever it is", "session": "cookie"]))
            #expect(refused.status == 403 && refused.errorCode == "csrf")
        }
    }

    @Test("the live socket is signed in by the cookie from this site's pages and refused from others", arguments: TestDatabase.available)
    func liveSocket(database: TestDatabase) async throws {
        // The client library names the host without its port, so the page's origin is the public URL.
        let site = "https://runs.example.org"
        try await withServer(database, publicURL: URL(string: site)) { server in
            let ivy = try await server.cookieSession("Ivy", origin: site)
            let (cookie, profile) = (ivy.cookie, ivy.profile)
            for headers in [[("Origin", Self.evil)], [("Origin", "null")], []] {
                await #expect(throws: (any Error).self, "\(headers)") {
                    try await LiveClient.connect(to: server.liveURL, headers: HTTPHeaders(headers + [("Cookie", cookie)]))
                }
            }
            let live = try await LiveClient.connect(to: server.liveURL, headers: HTTPHeaders([("Origin", site), ("Cookie", cookie)]))
            try await live.send(.hello(.init()))
            let welcome = try await live.next { if case .welcome(let welcome) = $0 { welcome } else { nil } }
            #expect(welcome.userId == profile.id)

            // Without the cookie, hello must carry a token.
            let anonymous = try await LiveClient.connect(to: server.liveURL, headers: HTTPHeaders([("Origin", Self.evil)]))
            try await anonymous.send(.hello(.init()))
            #expect(try await anonymous.nextError().code == "unauthorized")
        }
    }

    static let json = [("Content-Type", "application/json")]
    static let formType = ("Content-Type", "multipart/form-data; boundary=\(boundary)")

    static func body(_ object: [String: String]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    }

    /// A multipart/form-data body with the file as its `file` part, as an HTML form sends it.
    static func form(_ file: Data) -> Data {
        var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"run.gpx\"\r\n\r\n".utf8)
        body.append(file)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        return body
    }
}

extension TestServer {
    /// `http://127.0.0.1:PORT`, the origin of this server's own pages.
    var origin: String { baseURL.absoluteString.replacingOccurrences(of: "/api/v1", with: "") }

    /// A user registered the web app's way.
    struct CookieSession {
        /// The `Cookie` header that signs them in.
        let cookie: String
        /// The `Set-Cookie` header that gave it.
        let setCookie: String
        let profile: Components.Schemas.Profile
    }

    /// Registers `name` the web app's way, from `origin` (this server's by default).
    func cookieSession(_ name: String, origin: String? = nil, extraHeaders: [(String, String)] = []) async throws -> CookieSession {
        let email = "\(name.lowercased())-\(UUID().uuidString.prefix(8).lowercased())@example.org"
        let answer = try await raw(.POST, "/auth/register", headers: WebSessionTests.json + [("Origin", origin ?? self.origin)] + extraHeaders,
                                   body: WebSessionTests.body(["email": email, "password": "correct horse battery", "displayName": name, "session": "cookie"]))
        let setCookie = try #require(answer.setCookie, "\(answer.status) \(answer.text)")
        let profile = try JSONDecoder().decode(Components.Schemas.Profile.self,
                                               from: JSONSerialization.data(withJSONObject: try #require(answer.json?["profile"])))
        return CookieSession(cookie: String(setCookie.prefix { $0 != ";" }), setCookie: setCookie, profile: profile)
    }
}

extension TestServer.RawResponse {
    /// The `Set-Cookie` header, if any.
    var setCookie: String? { headers.first { $0.0.lowercased() == "set-cookie" }?.1 }
    /// The body as text.
    var text: String { String(decoding: body, as: UTF8.self) }
}
