import Crypto
import Foundation
import PacelineAPI
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// Web Push: what the server pushes is decrypted by an independent implementation (the
/// http_ece library, with the VAPID signature checked by `cryptography`); subscriptions a
/// push service says are gone are removed; muted kinds are not pushed; and an endpoint in
/// the server's own network is refused (no server-side request forgery).
@Suite("Web Push")
struct PushTests {
    /// A browser's side of a subscription: its key pair and authentication secret.
    struct Browser {
        let key = P256.KeyAgreement.PrivateKey()
        let auth = Data((0..<16).map { _ in UInt8.random(in: 0...255) })

        func subscription(_ endpoint: String) -> Components.Schemas.PushSubscription {
            .init(endpoint: endpoint, keys: .init(p256dh: Base64URL.encode(key.publicKey.x963Representation), auth: Base64URL.encode(auth)))
        }
    }

    /// Decrypts `message` with http_ece as `browser`, and checks its VAPID header with
    /// `cryptography`: the JSON pushed, and the JWT's claims.
    static func opened(_ message: TestPushService.Message, by browser: Browser) throws -> [String: Any] {
        let body = try PythonPeer.temporaryFile(named: "push.bin", data: message.body)
        let script = """
            import base64, json, sys, http_ece
            from cryptography.hazmat.primitives import hashes
            from cryptography.hazmat.primitives.asymmetric import ec, utils
            b64 = lambda text: base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
            private = ec.derive_private_key(int.from_bytes(b64(sys.argv[2]), "big"), ec.SECP256R1())
            plain = http_ece.decrypt(open(sys.argv[1], "rb").read(), private_key=private, auth_secret=b64(sys.argv[3]), version="aes128gcm")
            fields = dict(part.strip().split("=", 1) for part in sys.argv[4][len("vapid "):].split(","))
            header, claims, signature = fields["t"].split(".")
            server = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64(fields["k"]))
            raw = b64(signature)
            der = utils.encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
            server.verify(der, (header + "." + claims).encode(), ec.ECDSA(hashes.SHA256()))
            print(json.dumps({"payload": json.loads(plain), "claims": json.loads(b64(claims)), "header": json.loads(b64(header)), "key": fields["k"]}))
            """
        let result = try PythonPeer.runJSON(script, arguments: [body.path, Base64URL.encode(browser.key.rawRepresentation),
                                                                Base64URL.encode(browser.auth), message.headers["authorization"] ?? ""],
                                            requiring: [.httpECE])
        return try #require(result as? [String: Any])
    }

    @Test("RFC 8291's example: the same keys and salt give the same message")
    func rfcExample() throws {
        let ephemeral = try P256.KeyAgreement.PrivateKey(rawRepresentation: #require(Base64URL.decode("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw")))
        let body = try PushEncryption.encrypt(
            Data("When I grow up, I want to be a watermelon".utf8),
            browserKey: #require(Base64URL.decode("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4")),
            authSecret: #require(Base64URL.decode("BTBZMqHH6r4Tts7J_aSIgg")),
            salt: #require(Base64URL.decode("DGv6ra1nlYgDCS1FRnbzlw")), ephemeral: ephemeral)
        #expect(Base64URL.encode(body) == "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN")
    }

    @Test("a kudos reaches the owner's phone: decrypted by http_ece, signed with the instance's key", arguments: TestDatabase.available)
    func pushed(database: TestDatabase) async throws {
        try await TestPushService.with { service in
            try await withServer(database, push: PushSettings(contact: "mailto:ops@club.example", toPrivateAddresses: true)) { server in
                let ann = try await server.newUser("Ann")
                let bo = try await server.newUser("Bo")
                let browser = Browser()
                _ = try await ann.client.subscribeToPush(body: .json(browser.subscription("\(service.baseURL)/push/ann"))).noContent
                let run = try #require(try await server.upload("gpx/run.gpx", as: ann, query: "?privacy=public").json?["id"] as? String)
                _ = try await bo.client.giveKudos(path: .init(runId: run)).ok
                let message = try #require(try await service.next(to: "ann"), "nothing was pushed within 10 s")
                #expect(message.headers["content-encoding"] == "aes128gcm" && message.headers["ttl"] == "86400")
                let opened = try Self.opened(message, by: browser)
                let payload = try #require(opened["payload"] as? [String: Any])
                #expect((payload["title"] as? String)?.hasPrefix("Bo gave kudos to") == true)
                #expect(payload["url"] as? String == "/#/runs/\(run)" && payload["unread"] as? Int == 1)
                let claims = try #require(opened["claims"] as? [String: Any])
                #expect(claims["aud"] as? String == service.baseURL && claims["sub"] as? String == "mailto:ops@club.example")
                #expect((opened["header"] as? [String: Any])?["alg"] as? String == "ES256")
                #expect(opened["key"] as? String == (try await server.client().getPushKey().ok.body.json.publicKey))
                // Muted, kudos are not pushed; comments still are.
                _ = try await ann.client.updateNotificationSettings(body: .json(.init(pushMuted: [.kudos]))).ok
                let cy = try await server.newUser("Cy")
                _ = try await cy.client.giveKudos(path: .init(runId: run)).ok
                _ = try await cy.client.addComment(path: .init(runId: run), body: .json(.init(text: "Lovely"))).created
                let next = try #require(try await service.next(to: "ann", after: 1), "the comment was not pushed")
                #expect((try Self.opened(next, by: browser)["payload"] as? [String: Any])?["body"] as? String == "Lovely")
                try await Task.sleep(for: .seconds(2))
                #expect(service.messages.filter { $0.name == "ann" }.count == 2)
            }
        }
    }

    @Test("a subscription the push service says is gone (410) is removed", arguments: [TestDatabase.sqlite])
    func gone(database: TestDatabase) async throws {
        try await TestPushService.with { service in
            try await withServer(database, push: PushSettings(toPrivateAddresses: true)) { server in
                let ann = try await server.newUser("Ann")
                let bo = try await server.newUser("Bo")
                _ = try await ann.client.subscribeToPush(body: .json(Browser().subscription("\(service.baseURL)/push/gone-ann"))).noContent
                #expect(try await ann.client.getNotificationSettings().ok.body.json.pushDevices == 1)
                _ = try await bo.client.sendFriendRequest(body: .json(.init(userId: ann.id))).created
                #expect(try await service.next(to: "gone-ann") != nil)
                try await Task.sleep(for: .milliseconds(500))
                #expect(try await ann.client.getNotificationSettings().ok.body.json.pushDevices == 0)
            }
        }
    }

    @Test("endpoints in the server's own network, not https, or other ports are refused; keys must be a browser's", arguments: [TestDatabase.sqlite])
    func noRequestForgery(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let browser = Browser()
            for endpoint in ["https://127.0.0.1/push", "https://10.1.2.3/push", "https://192.168.1.1/x", "https://169.254.169.254/latest",
                             "https://[::1]/push", "https://[fd00::1]/push", "https://[::ffff:127.0.0.1]/push", "https://localhost/push",
                             "http://push.example.com/x", "https://push.example.com:8443/x", "ftp://push.example.com/x", "https://user:pw@1.1.1.1/x",
                             "https://100.64.0.1/x", "https://0.0.0.0/x", "not a url"] {
                let answer = try await server.raw(.PUT, "/me/push-subscriptions", token: ann.token, headers: [("Content-Type", "application/json")],
                                                  body: try JSONEncoder().encode(browser.subscription(endpoint)))
                #expect(answer.status == 400, "\(endpoint)")
            }
            let badKeys = Components.Schemas.PushSubscription(endpoint: "https://1.1.1.1/push", keys: .init(p256dh: "AAAA", auth: "BBBB"))
            let refused = try await server.raw(.PUT, "/me/push-subscriptions", token: ann.token, headers: [("Content-Type", "application/json")],
                                               body: try JSONEncoder().encode(badKeys))
            #expect(refused.status == 400)
            // A public address is kept (nothing is sent until there is something to tell).
            _ = try await ann.client.subscribeToPush(body: .json(browser.subscription("https://1.1.1.1/push/ann"))).noContent
            #expect(try await server.count("SELECT COUNT(*) AS n FROM push_subscriptions") == 1)
            #expect(try await server.raw(.PUT, "/me/push-subscriptions", headers: [("Content-Type", "application/json")],
                                         body: try JSONEncoder().encode(browser.subscription("https://1.1.1.1/push/x"))).status == 401)
        }
    }

    @Test("address ranges: private, loopback, link-local, shared, documentation, mapped, NAT64, 6to4, site-local, discard and Teredo ones are not public")
    func ranges() {
        for v4 in [[127, 0, 0, 1], [10, 0, 0, 1], [172, 16, 5, 4], [172, 31, 255, 255], [192, 168, 0, 1], [169, 254, 169, 254],
                   [100, 64, 0, 1], [0, 0, 0, 0], [224, 0, 0, 1], [255, 255, 255, 255], [198, 18, 0, 1],
                   [192, 0, 2, 7], [198, 51, 100, 7], [203, 0, 113, 7]] {
            #expect(PublicAddresses.isPrivate(v4.map(UInt8.init)), "\(v4)")
        }
        for v4 in [[1, 1, 1, 1], [8, 8, 8, 8], [172, 32, 0, 1], [142, 250, 180, 14]] {
            #expect(!PublicAddresses.isPrivate(v4.map(UInt8.init)), "\(v4)")
        }
        let mapped: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 10, 0, 0, 1]
        let public6: [UInt8] = [0x2a, 0x00, 0x14, 0x50, 0x40, 0x01, 0x08, 0x11, 0, 0, 0, 0, 0, 0, 0x20, 0x0e]
        #expect(PublicAddresses.isPrivate(mapped) && !PublicAddresses.isPrivate(public6))
        #expect(PublicAddresses.isPrivate([UInt8](repeating: 0, count: 15) + [1]))
        // NAT64 and 6to4 carry an IPv4 address: judged by it.
        let nat64: [UInt8] = [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]
        #expect(PublicAddresses.isPrivate(nat64 + [10, 0, 0, 5]) && !PublicAddresses.isPrivate(nat64 + [1, 1, 1, 1]))
        let sixToFour: [UInt8] = [0x20, 0x02]
        #expect(PublicAddresses.isPrivate(sixToFour + [127, 0, 0, 1] + [UInt8](repeating: 0, count: 10)))
        #expect(!PublicAddresses.isPrivate(sixToFour + [8, 8, 8, 8] + [UInt8](repeating: 0, count: 10)))
        for prefix: [UInt8] in [[0xFE, 0xC0], [0, 0x64, 0xFF, 0x9B, 0, 1], [1, 0, 0, 0, 0, 0, 0, 0], [0x20, 0x01, 0, 0]] {
            #expect(PublicAddresses.isPrivate(prefix + [UInt8](repeating: 7, count: 16 - prefix.count)), "\(prefix)")
        }
    }
}
