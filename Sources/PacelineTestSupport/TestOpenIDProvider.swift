import AsyncHTTPClient
import Foundation
import NIOCore
import PacelineServer
import Synchronization
import Testing
import Vapor

/// A real OpenID provider for the tests (django-oidc-provider, `Tests/OIDCProvider/provider.py`)
/// behind a proxy of the tests' own, on 127.0.0.1: the proxy is the issuer everyone talks
/// to, counts the key set's fetches, and may rewrite the ID token the token endpoint
/// answers (`tamper`) and the key set (`keySetTamper`), so the server's checks meet the
/// provider's real tokens, changed.
///
/// Its users are `TestOpenIDProvider.users`; its clients `paceline` (redirecting to
/// `redirectURI`) and `other` (another client at the same provider).
public final class TestOpenIDProvider: Sendable {
    /// A person with an account at the provider.
    public struct Account: Sendable {
        public let username: String
        public let password: String
        public let email: String
        public let emailVerified: Bool
        public let name: String
    }

    /// Ann (verified email), Una (unverified), Eve (tokens expired when issued), Ed
    /// (tokens issued ten minutes ahead), Zoe (an invited domain's).
    public static let ann = Account(username: "ann", password: "ann-provider-pw", email: "ann@club.example", emailVerified: true, name: "Ann Runner")
    public static let una = Account(username: "una", password: "una-provider-pw", email: "una@club.example", emailVerified: false, name: "Una")
    public static let eve = Account(username: "expired-eve", password: "eve-provider-pw", email: "eve@club.example", emailVerified: true, name: "Eve")
    public static let ed = Account(username: "early-ed", password: "ed-provider-pw", email: "ed@club.example", emailVerified: true, name: "Ed")
    public static let zoe = Account(username: "zoe", password: "zoe-provider-pw", email: "zoe@invited.example", emailVerified: true, name: "Zoe")
    static let users = [ann, una, eve, ed, zoe]

    public static let clientID = "paceline"
    public static let clientSecret = "paceline-test-secret"
    public static let otherClientID = "other"
    public static let otherClientSecret = "other-test-secret"

    /// `http://127.0.0.1:PROXY/openid`.
    public let issuer: URL
    /// What the proxy does to the token endpoint's `id_token` (nil: nothing).
    public let tamper = Mutex<(@Sendable (String) -> String)?>(nil)
    /// What the proxy does to the key set the provider publishes (nil: nothing).
    public let keySetTamper = Mutex<(@Sendable (Data) -> Data)?>(nil)
    private let keyFetches = Mutex(0)
    /// How often the key set was fetched through the proxy.
    public var keySetFetches: Int { keyFetches.withLock { $0 } }

    private init(issuer: URL) {
        self.issuer = issuer
    }

    /// Settings for a server signing in with this provider as `paceline`.
    public func settings(accounts: OpenIDSettings.Accounts = .open, invited: [String] = [], keyRefreshInterval: TimeInterval = 60) -> OpenIDSettings {
        var settings = OpenIDSettings(issuer: issuer, clientID: Self.clientID, clientSecret: Self.clientSecret, name: "Club accounts",
                                      accounts: accounts, invited: invited)
        settings.keyRefreshInterval = keyRefreshInterval
        return settings
    }

    /// Starts the provider (its clients redirecting to `redirectURI`) and its proxy, runs
    /// `body`, and stops both. Cancels the test, saying why, when Python or the provider's
    /// packages can't be had.
    public static func serving<R>(redirectURI: String, _ body: (TestOpenIDProvider) async throws -> R) async throws -> R {
        let python = try PythonPeer.interpreter(requiring: [.django, .oidcProvider, .waitress])
        let config: [String: Any] = [
            "clients": [["id": clientID, "secret": clientSecret, "redirect_uris": [redirectURI]],
                        ["id": otherClientID, "secret": otherClientSecret, "redirect_uris": [redirectURI]]],
            "users": users.map { ["username": $0.username, "password": $0.password, "email": $0.email, "email_verified": $0.emailVerified, "name": $0.name] },
        ]
        let configFile = try PythonPeer.temporaryFile(named: "provider.json", data: try JSONSerialization.data(withJSONObject: config))
        // The provider's database is made beside it.
        defer { try? FileManager.default.removeItem(at: configFile.deletingLastPathComponent()) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, packageRoot.appendingPathComponent("Tests/OIDCProvider/provider.py").path, configFile.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // SIGKILL: the child may inherit a mask blocking SIGTERM from the test's thread.
        defer {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let providerPort = try await firstLinePort(of: output.fileHandleForReading, process: process)

        let app = try await Application.make(.testing)
        app.logger.logLevel = .warning
        let forwarder = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        let proxied = ProxyBox()
        for method in [HTTPMethod.GET, .POST] {
            app.on(method, "**", body: .collect(maxSize: "1mb")) { request async throws -> Response in
                guard let provider = proxied.provider else { throw Abort(.serviceUnavailable) }
                return try await provider.forward(request, to: providerPort, with: forwarder)
            }
        }
        do {
            let result = try await LoopbackServer.serving(app) { port in
                let provider = TestOpenIDProvider(issuer: URL(string: "http://127.0.0.1:\(port)/openid")!)
                proxied.provider = provider
                return try await body(provider)
            }
            try await forwarder.shutdown()
            return result
        } catch {
            try? await forwarder.shutdown()
            throw error
        }
    }

    /// Sends `request` on to the provider as it came (Host too, so the provider names the
    /// proxy as issuer), and its answer back, the ID token and the key set tampered with if asked.
    private func forward(_ request: Request, to port: Int, with client: HTTPClient) async throws -> Response {
        let path = request.url.path
        if path.hasSuffix("/jwks") { keyFetches.withLock { $0 += 1 } }
        var outgoing = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(request.url.string)")
        outgoing.method = request.method
        for (name, value) in request.headers where name.lowercased() != "content-length" { outgoing.headers.add(name: name, value: value) }
        if let body = request.body.data { outgoing.body = .bytes(body) }
        let answer = try await client.execute(outgoing, timeout: .seconds(30))
        var body = try await answer.body.collect(upTo: 1 << 20)
        if path.hasSuffix("/token"), answer.status == .ok, let change = tamper.withLock({ $0 }),
           var json = try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any], let token = json["id_token"] as? String {
            json["id_token"] = change(token)
            body = ByteBuffer(data: try JSONSerialization.data(withJSONObject: json))
        }
        if path.hasSuffix("/jwks"), answer.status == .ok, let change = keySetTamper.withLock({ $0 }) {
            body = ByteBuffer(data: change(Data(buffer: body)))
        }
        var headers = answer.headers
        headers.remove(name: "Content-Length")
        headers.remove(name: "Transfer-Encoding")
        return Response(status: answer.status, headers: headers, body: .init(buffer: body))
    }

    private final class ProxyBox: @unchecked Sendable {
        private let lock = NSLock()
        private var value: TestOpenIDProvider?
        var provider: TestOpenIDProvider? {
            get { lock.withLock { value } }
            set { lock.withLock { value = newValue } }
        }
    }

    /// The port the provider prints once it listens (`{"port": N}`), within a minute.
    private static func firstLinePort(of handle: FileHandle, process: Process) async throws -> Int {
        let reading = Task.detached { () -> Int? in
            var line = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return nil }
                line.append(chunk)
                if let end = line.firstIndex(of: UInt8(ascii: "\n")),
                   let json = try? JSONSerialization.jsonObject(with: line[..<end]) as? [String: Any] { return json["port"] as? Int }
            }
        }
        let timeout = Task { try await Task.sleep(for: .seconds(60)); process.terminate() }
        defer { timeout.cancel() }
        guard let port = await reading.value else { throw TestServerError.providerDidNotStart }
        return port
    }

    private static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
