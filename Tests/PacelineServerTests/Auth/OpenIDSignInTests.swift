import Crypto
import Foundation
import PacelineServer
import PacelineTestSupport
import Testing

/// Signing in with a real OpenID provider (django-oidc-provider, started by the test):
/// the way through, then every token and answer an attacker could bring refused.
@Suite("Sign in with an OpenID provider")
struct OpenIDSignInTests {
    /// A server on a known loopback port (its public URL makes the redirect URI the
    /// provider is told), signing in with a provider of its own.
    static func withProvider(_ database: TestDatabase, accounts: OpenIDSettings.Accounts = .open, invited: [String] = [],
                             keyRefreshInterval: TimeInterval = 60, passwordLogin: Bool = true,
                             _ body: (TestServer, TestOpenIDProvider, String) async throws -> Void) async throws {
        let port = try LoopbackPort.free()
        let origin = "http://127.0.0.1:\(port)"
        try await TestOpenIDProvider.serving(redirectURI: origin + "/auth/oidc/callback") { provider in
            try await withServer(database, publicURL: URL(string: origin), port: port,
                                 openID: provider.settings(accounts: accounts, invited: invited, keyRefreshInterval: keyRefreshInterval),
                                 passwordLogin: passwordLogin) { server in
                try await body(server, provider, origin)
            }
        }
    }

    /// Where a sign-in as `account` in `browser` ends: the app address the callback sends to, and its answer.
    static func signIn(_ account: TestOpenIDProvider.Account, in browser: OpenIDBrowser, at origin: String) async throws
        -> (ending: String, callback: String, answer: OpenIDBrowser.Answer) {
        let start = try await browser.get(origin + "/auth/oidc/start")
        #expect(start.status == 303)
        let authorization = try #require(start.location)
        let callback = try await browser.authorize(at: authorization, as: account)
        let answer = try await browser.get(callback)
        #expect(answer.status == 303)
        return (answer.location ?? "", callback, answer)
    }

    static func me(_ browser: OpenIDBrowser, at origin: String) async throws -> [String: Any]? {
        let answer = try await browser.get(origin + "/api/v1/me")
        guard answer.status == 200 else { return nil }
        return try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
    }

    @Test("a new runner signs in, gets the session cookie, and signs in to the same account next time; the answer can't be replayed",
          arguments: TestDatabase.available)
    func signsIn(database: TestDatabase) async throws {
        try await Self.withProvider(database) { _, _, origin in
            let browser = OpenIDBrowser()
            let first = try await Self.signIn(TestOpenIDProvider.ann, in: browser, at: origin)
            #expect(first.ending.hasPrefix("/#/login?oidc=signed-in&expires="))
            let session = try #require(first.answer.setCookies.first { $0.hasPrefix("paceline_session=") })
            #expect(session.contains("HttpOnly") && session.contains("SameSite=Strict"))
            let me = try #require(try await Self.me(browser, at: origin))
            #expect(me["email"] as? String == "ann@club.example" && me["displayName"] as? String == "Ann Runner")

            // The same answer again, in this browser or another: the state is used up.
            for replaying in [browser, OpenIDBrowser()] {
                let again = try await replaying.get(first.callback)
                #expect(again.location == "/#/login?oidc=sign_in_expired")
                #expect(!again.setCookies.contains { $0.hasPrefix("paceline_session=pl_") })
            }

            let other = OpenIDBrowser()
            let second = try await Self.signIn(TestOpenIDProvider.ann, in: other, at: origin)
            #expect(second.ending.hasPrefix("/#/login?oidc=signed-in"))
            #expect(try await Self.me(other, at: origin)?["id"] as? String == me["id"] as? String)
        }
    }

    @Test("an answer brought to another browser than the one that started the sign-in is refused", arguments: TestDatabase.available)
    func otherBrowser(database: TestDatabase) async throws {
        try await Self.withProvider(database) { _, _, origin in
            // The attacker starts a sign-in and signs in at the provider as themselves …
            let attacker = OpenIDBrowser()
            let start = try await attacker.get(origin + "/auth/oidc/start")
            let callback = try await attacker.authorize(at: try #require(start.location), as: TestOpenIDProvider.ann)
            // … and makes the victim's browser open the answer: it signs no one in.
            let victim = OpenIDBrowser()
            let answer = try await victim.get(callback)
            #expect(answer.location == "/#/login?oidc=sign_in_expired")
            #expect(try await Self.me(victim, at: origin) == nil)
        }
    }

    /// Signs in as Ann with the provider's ID token changed by `tamper`, and expects the server to refuse it as `reason`.
    static func refused(_ database: TestDatabase, as account: TestOpenIDProvider.Account = TestOpenIDProvider.ann,
                        reason: String = "invalid_token",
                        tamper: (@Sendable (String, TestOpenIDProvider, String) async throws -> @Sendable (String) -> String)? = nil) async throws {
        try await withProvider(database) { _, provider, origin in
            let browser = OpenIDBrowser()
            let start = try await browser.get(origin + "/auth/oidc/start")
            let authorization = try #require(start.location)
            if let tamper {
                let change = try await tamper(authorization, provider, origin)
                provider.tamper.withLock { $0 = change }
            }
            let callback = try await browser.authorize(at: authorization, as: account)
            let answer = try await browser.get(callback)
            #expect(answer.location == "/#/login?oidc=\(reason)")
            #expect(try await Self.me(browser, at: origin) == nil)
        }
    }

    /// `token` with its part `index` (0 header, 1 payload, 2 signature) changed by `change`.
    static func part(_ index: Int, of token: String, _ change: (Data) -> Data) -> String {
        var parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        parts[index] = encode(change(decode(parts[index])))
        return parts.joined(separator: ".")
    }

    static func decode(_ text: String) -> Data {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64) ?? Data()
    }

    static func encode(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    static func json(_ data: Data) -> [String: Any] { (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:] }

    @Test("an ID token with one byte of its claims or its signature changed is refused", arguments: TestDatabase.available)
    func tampered(database: TestDatabase) async throws {
        try await Self.refused(database) { _, _, _ in
            { token in Self.part(1, of: token) { claims in
                Data(String(decoding: claims, as: UTF8.self).replacingOccurrences(of: "ann@club.example", with: "bnn@club.example").utf8)
            } }
        }
        try await Self.refused(database) { _, _, _ in
            { token in Self.part(2, of: token) { signature in var changed = signature; changed[changed.count / 2] ^= 0x01; return changed } }
        }
    }

    @Test("an ID token that expired, or is issued in the future, is refused (the provider's own signature)", arguments: TestDatabase.available)
    func outOfTime(database: TestDatabase) async throws {
        try await Self.refused(database, as: TestOpenIDProvider.eve)
        try await Self.refused(database, as: TestOpenIDProvider.ed)
    }

    @Test("alg none, and HS256 signed with the client secret, are refused", arguments: TestDatabase.available)
    func algorithms(database: TestDatabase) async throws {
        try await Self.refused(database) { _, _, _ in
            { token in
                let parts = token.split(separator: ".").map(String.init)
                return Self.encode(Data(#"{"alg":"none","typ":"JWT"}"#.utf8)) + "." + parts[1] + "."
            }
        }
        try await Self.refused(database) { _, _, _ in
            { token in
                let parts = token.split(separator: ".").map(String.init)
                let input = Self.encode(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8)) + "." + parts[1]
                let mac = HMAC<SHA256>.authenticationCode(for: Data(input.utf8), using: SymmetricKey(data: Data(TestOpenIDProvider.clientSecret.utf8)))
                return input + "." + Self.encode(Data(mac))
            }
        }
    }

    /// An ID token the provider minted for this sign-in's nonce, in a flow of the test's
    /// own as `client` (the same person, signed in at the provider already).
    static func mintedElsewhere(authorization: String, client: String, secret: String, nonce: String? = nil,
                                redirectURI: String) async throws -> String {
        var components = URLComponents(string: authorization)!
        var items = components.queryItems!.filter { !["client_id", "code_challenge", "code_challenge_method"].contains($0.name) }
        items.append(URLQueryItem(name: "client_id", value: client))
        if let nonce { items = items.filter { $0.name != "nonce" } + [URLQueryItem(name: "nonce", value: nonce)] }
        components.queryItems = items
        let browser = OpenIDBrowser()
        let callback = try await browser.authorize(at: components.url!.absoluteString, as: TestOpenIDProvider.ann)
        let code = try #require(URLComponents(string: callback)?.queryItems?.first { $0.name == "code" }?.value)
        let tokenEndpoint = authorization.components(separatedBy: "/authorize")[0] + "/token"
        let form = "grant_type=authorization_code&code=\(code)&redirect_uri=\(redirectURI.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
        let basic = Data("\(client):\(secret)".utf8).base64EncodedString()
        let answer = try await browser.send(.POST, tokenEndpoint, headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Authorization", "Basic \(basic)")],
                                            body: Data(form.utf8))
        return try #require(Self.json(Data(answer.body.utf8))["id_token"] as? String)
    }

    @Test("an ID token minted for another client of the provider, or for another sign-in's nonce, is refused", arguments: TestDatabase.available)
    func wrongAudienceOrNonce(database: TestDatabase) async throws {
        try await Self.refused(database) { authorization, _, origin in
            let other = try await Self.mintedElsewhere(authorization: authorization, client: TestOpenIDProvider.otherClientID,
                                                       secret: TestOpenIDProvider.otherClientSecret, redirectURI: origin + "/auth/oidc/callback")
            #expect(Self.json(Self.decode(other.split(separator: ".").map(String.init)[1]))["aud"] as? String == TestOpenIDProvider.otherClientID)
            return { _ in other }
        }
        try await Self.refused(database) { authorization, _, origin in
            let replayed = try await Self.mintedElsewhere(authorization: authorization, client: TestOpenIDProvider.clientID,
                                                          secret: TestOpenIDProvider.clientSecret, nonce: "another-sign-ins-nonce",
                                                          redirectURI: origin + "/auth/oidc/callback")
            return { _ in replayed }
        }
    }

    @Test("a key id the provider does not have is refused after one fetch of its keys, and another within the refresh interval fetches nothing",
          arguments: TestDatabase.available)
    func unknownKey(database: TestDatabase) async throws {
        try await Self.withProvider(database, keyRefreshInterval: 3) { _, provider, origin in
            _ = try await Self.signIn(TestOpenIDProvider.ann, in: OpenIDBrowser(), at: origin)
            #expect(provider.keySetFetches == 1)
            provider.tamper.withLock { $0 = { token in Self.part(0, of: token) { header in
                var json = Self.json(header)
                json["kid"] = "made-up-\(UUID().uuidString)"
                return try! JSONSerialization.data(withJSONObject: json)
            } } }
            // Two answers ready at once, brought back one after the other once the keys are 3 s old:
            // the first fetches the keys again, the second (within the interval) does not.
            var answers: [(OpenIDBrowser, String)] = []
            for _ in 0..<2 {
                let browser = OpenIDBrowser()
                let start = try await browser.get(origin + "/auth/oidc/start")
                answers.append((browser, try await browser.authorize(at: try #require(start.location), as: TestOpenIDProvider.ann)))
            }
            try await Task.sleep(for: .milliseconds(3100))
            for ((browser, callback), expectedFetches) in zip(answers, [2, 2]) {
                let answer = try await browser.get(callback)
                #expect(answer.location == "/#/login?oidc=invalid_token")
                #expect(provider.keySetFetches == expectedFetches)
            }
        }
    }

    @Test("an ES256 token verifies with the P-256 key in the provider's key set, and not signed by another P-256 key", arguments: TestDatabase.available)
    func es256(database: TestDatabase) async throws {
        try await Self.withProvider(database) { _, provider, origin in
            // The provider (RS256 only) gains a P-256 key in its key set, and its tokens are signed again with it.
            let key = P256.Signing.PrivateKey()
            let point = key.publicKey.rawRepresentation
            provider.keySetTamper.withLock { $0 = { data in
                var set = Self.json(data)
                let ec: [String: Any] = ["kty": "EC", "crv": "P-256", "kid": "club-ec", "use": "sig", "alg": "ES256",
                                         "x": Self.encode(point.prefix(32)), "y": Self.encode(point.suffix(32))]
                set["keys"] = (set["keys"] as? [Any] ?? []) + [ec]
                return try! JSONSerialization.data(withJSONObject: set)
            } }
            @Sendable func signed(by signer: P256.Signing.PrivateKey) -> @Sendable (String) -> String {
                let secret = signer.rawRepresentation
                return { token in
                    let input = Self.encode(Data(#"{"alg":"ES256","kid":"club-ec","typ":"JWT"}"#.utf8)) + "." + token.split(separator: ".")[1]
                    let signature = try! P256.Signing.PrivateKey(rawRepresentation: secret).signature(for: Data(input.utf8))
                    return input + "." + Self.encode(signature.rawRepresentation)
                }
            }
            provider.tamper.withLock { $0 = signed(by: key) }
            let verified = try await Self.signIn(TestOpenIDProvider.ann, in: OpenIDBrowser(), at: origin)
            #expect(verified.ending.hasPrefix("/#/login?oidc=signed-in"))
            provider.tamper.withLock { $0 = signed(by: P256.Signing.PrivateKey()) }
            let forged = try await Self.signIn(TestOpenIDProvider.ann, in: OpenIDBrowser(), at: origin)
            #expect(forged.ending == "/#/login?oidc=invalid_token")
        }
    }

    @Test("an account with the provider's verified email is linked only with its password, then signs in directly", arguments: TestDatabase.available)
    func linksByPassword(database: TestDatabase) async throws {
        try await Self.withProvider(database) { server, _, origin in
            let registered = try await server.raw(.POST, "/auth/register", headers: [("Content-Type", "application/json")],
                                                  body: Data(#"{"email":"ann@club.example","password":"correct horse battery","displayName":"Ann"}"#.utf8))
            #expect(registered.status == 201)
            let browser = OpenIDBrowser()
            let first = try await Self.signIn(TestOpenIDProvider.ann, in: browser, at: origin)
            #expect(first.ending == "/#/login?oidc=link")
            #expect(try await Self.me(browser, at: origin) == nil, "linked on the email alone")
            let question = try await browser.get(origin + "/auth/oidc/link")
            #expect(Self.json(Data(question.body.utf8))["email"] as? String == "ann@club.example")

            let json = [("Content-Type", "application/json"), ("Origin", origin)]
            let wrong = try await browser.send(.POST, origin + "/auth/oidc/link", headers: json, body: Data(#"{"password":"not the password"}"#.utf8))
            #expect(wrong.status == 403 && wrong.body.contains("wrong_password"))
            let crossSite = try await browser.send(.POST, origin + "/auth/oidc/link", headers: [("Content-Type", "application/json"), ("Origin", "https://evil.example")],
                                                   body: Data(#"{"password":"correct horse battery"}"#.utf8))
            #expect(crossSite.status == 403 && crossSite.body.contains("csrf"))
            let right = try await browser.send(.POST, origin + "/auth/oidc/link", headers: json, body: Data(#"{"password":"correct horse battery"}"#.utf8))
            #expect(right.status == 200, "\(right.body)")
            #expect(right.setCookies.contains { $0.hasPrefix("paceline_session=pl_") })
            #expect(try await Self.me(browser, at: origin)?["displayName"] as? String == "Ann")

            let again = OpenIDBrowser()
            #expect(try await Self.signIn(TestOpenIDProvider.ann, in: again, at: origin).ending.hasPrefix("/#/login?oidc=signed-in"))
            #expect(try await Self.me(again, at: origin)?["displayName"] as? String == "Ann")
            // The profile names the linked account, as the login screen names its provider.
            let linked = try await again.get(origin + "/api/v1/me/sign-in-accounts")
            let accounts = try #require(Self.json(Data(linked.body.utf8))["accounts"] as? [[String: Any]])
            #expect(accounts.count == 1 && accounts.first?["provider"] as? String == "Club accounts"
                    && accounts.first?["email"] as? String == "ann@club.example")
        }
    }

    @Test("an unverified email neither links nor makes an account; with invited accounts only invited emails get one", arguments: TestDatabase.available)
    func whoGetsAnAccount(database: TestDatabase) async throws {
        try await Self.withProvider(database, accounts: .invited, invited: ["@invited.example"]) { _, _, origin in
            let unverified = try await Self.signIn(TestOpenIDProvider.una, in: OpenIDBrowser(), at: origin)
            #expect(unverified.ending == "/#/login?oidc=email_unverified")
            let uninvited = try await Self.signIn(TestOpenIDProvider.ann, in: OpenIDBrowser(), at: origin)
            #expect(uninvited.ending == "/#/login?oidc=not_invited")
            let invited = try await Self.signIn(TestOpenIDProvider.zoe, in: OpenIDBrowser(), at: origin)
            #expect(invited.ending.hasPrefix("/#/login?oidc=signed-in"))
        }
    }

    @Test("with password login off, logging in and registering by password are refused and the app is told", arguments: TestDatabase.available)
    func passwordLoginOff(database: TestDatabase) async throws {
        try await Self.withProvider(database, passwordLogin: false) { server, _, _ in
            for path in ["/auth/login", "/auth/register"] {
                let answer = try await server.raw(.POST, path, headers: [("Content-Type", "application/json")],
                                                  body: Data(#"{"email":"ann@club.example","password":"correct horse battery","displayName":"Ann"}"#.utf8))
                #expect(answer.status == 403 && answer.errorCode == "password_login_off")
            }
            let configuration = try await server.raw(.GET, "/app-config.json", underAPI: false)
            let signIn = configuration.json?["signIn"] as? [String: Any]
            #expect(signIn?["passwords"] as? Bool == false && signIn?["provider"] as? String == "Club accounts")
        }
    }
}
