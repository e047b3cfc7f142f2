import AsyncHTTPClient
import HTTPTypes
import Foundation
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import PacelineAPI
import PacelineServer
import SQLKit
import Vapor

/// A real Paceline server on a loopback port with its own fresh database, for tests that
/// talk to it through the generated client.
public struct TestServer: Sendable {
    public let app: Application
    /// `http://127.0.0.1:PORT/api/v1`.
    public let baseURL: URL
    public let database: TestDatabase
    /// Where its data lives (a second instance shares it).
    public let location: DatabaseLocation

    /// A client of the API, logged in with `token` when given.
    public func client(token: String? = nil) -> PacelineAPI.Client {
        PacelineAPI.Client(serverURL: baseURL, configuration: .paceline, transport: AsyncHTTPClientTransport(),
                           middlewares: token.map { [BearerToken(token: $0)] } ?? [])
    }

    /// Registers a new user and returns them logged in; with `sharing`, their runs get that
    /// privacy by default (a new account's runs are private until the user chooses). Behind
    /// a trusted proxy's header (`namedBy`, its name), the registration carries it naming the
    /// email, as the proxy in front would.
    public func newUser(_ name: String, sharing privacy: Components.Schemas.Privacy? = nil, namedBy header: String? = nil) async throws -> TestUser {
        let email = "\(name.lowercased())-\(UUID().uuidString.prefix(8))@example.org"
        let registering = PacelineAPI.Client(serverURL: baseURL, configuration: .paceline, transport: AsyncHTTPClientTransport(),
                                             middlewares: header.map { [ProxyHeader(name: $0, value: email)] } ?? [])
        let session = try await registering.register(body: .json(.init(email: email, password: "correct horse battery", displayName: name)))
            .created.body.json
        guard let token = session.token else { throw TestServerError.noToken }
        var profile = session.profile
        if let privacy {
            profile = try await client(token: token).updateProfile(body: .json(.init(defaultPrivacy: privacy))).ok.body.json
        }
        return TestUser(client: client(token: token), profile: profile, token: token)
    }
}

/// A header a trusted proxy in front sets on every request (`TrustedUserHeader`).
private struct ProxyHeader: ClientMiddleware {
    let name: String
    let value: String

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if let field = HTTPField.Name(name) { request.headerFields[field] = value }
        return try await next(request, body, baseURL)
    }
}

/// A registered user with a logged-in client.
public struct TestUser: Sendable {
    public let client: PacelineAPI.Client
    public let profile: Components.Schemas.Profile
    public let token: String
    public var id: String { profile.id }
}

/// The databases the server tests run on: SQLite always; PostgreSQL when
/// `PACELINE_TEST_POSTGRES_URL` names one (`.ci/run` starts it and sets it).
public enum TestDatabase: String, Sendable, CaseIterable, CustomStringConvertible {
    case sqlite, postgres

    public static var available: [TestDatabase] {
        postgresURL == nil ? [.sqlite] : [.sqlite, .postgres]
    }

    static var postgresURL: String? {
        ProcessInfo.processInfo.environment["PACELINE_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    public var description: String { rawValue }
}

/// Starts a server on a fresh database (a temporary SQLite file, or a new PostgreSQL
/// schema), runs `body` against it, then shuts it down and removes the database.
///
/// bcrypt runs at cost 4 unless `bcryptCost` says otherwise: the algorithm is the same
/// and tests stay fast. `live` defaults to `LiveSettings.testing`; `publicURL` is the
/// address the server is told it is reached at (none by default); `trustProxy` has it
/// read clients' addresses from `X-Forwarded-For`; `limits` are the
/// production ones unless a test says otherwise (each test's database starts with no
/// attempt counted); `connections` (deadlines, connections per address) are the
/// production ones unless a test says otherwise; `pictures` are not fetched unless a test
/// says so (none reaches the internet); `plaques` is a folder of data sets imported on
/// first start (none by default); `port` is the loopback port it listens on (one the
/// kernel picks by default); `openID` is the OpenID provider it signs people in with (none
/// by default) and `passwordLogin` whether it takes passwords too (on by default). With
/// `sharing`, the server is a second instance on `sharing`'s database (which that server
/// removes at its end). At most 10 servers run at once (`ServerSlots`).
public func withServer<R>(
    _ database: TestDatabase = .sqlite, bcryptCost: Int = 4, tokenLifetime: TimeInterval = 3600, live: LiveSettings = .testing,
    publicURL: URL? = nil, trustProxy: Bool = false, limits: AttemptLimits = AttemptLimits(),
    connections: ConnectionSettings = ConnectionSettings(), push: PushSettings = PushSettings(),
    pictures: PictureSettings = PictureSettings(fetching: false), fixLogs: FixLogSettings = FixLogSettings(),
    trustedUserHeader: TrustedUserHeader? = nil, plaques: String? = nil,
    port: Int = 0, openID: OpenIDSettings? = nil, passwordLogin: Bool = true, sharing other: TestServer? = nil,
    _ body: (TestServer) async throws -> R
) async throws -> R {
    try await ServerSlots.withSlot {
        try await startServer(database, bcryptCost: bcryptCost, tokenLifetime: tokenLifetime, live: live, publicURL: publicURL,
                              trustProxy: trustProxy, limits: limits, connections: connections, push: push, pictures: pictures,
                              fixLogs: fixLogs, trustedUserHeader: trustedUserHeader,
                              plaques: plaques, port: port, openID: openID, passwordLogin: passwordLogin, sharing: other, body)
    }
}

private func startServer<R>(
    _ database: TestDatabase, bcryptCost: Int, tokenLifetime: TimeInterval, live: LiveSettings, publicURL: URL?,
    trustProxy: Bool, limits: AttemptLimits, connections: ConnectionSettings, push: PushSettings, pictures: PictureSettings,
    fixLogs: FixLogSettings, trustedUserHeader: TrustedUserHeader?,
    plaques: String?, port: Int, openID: OpenIDSettings?, passwordLogin: Bool, sharing other: TestServer?,
    _ body: (TestServer) async throws -> R
) async throws -> R {
    let name = "paceline_test_\(UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: ""))"
    let location: DatabaseLocation
    let sqlitePath = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).sqlite").path
    switch (database, other) {
    case (_, let other?): location = other.location
    case (.sqlite, nil): location = .sqlite(path: sqlitePath)
    case (.postgres, nil):
        guard let url = TestDatabase.postgresURL else { throw TestServerError.postgresNotConfigured }
        location = .postgres(url: url, schema: name)
    }
    let ownsDatabase = other == nil
    var environment = Environment.testing
    environment.arguments = ["paceline-tests"]
    let app = try await Application.make(environment)
    app.logger.logLevel = .warning
    do {
        try await configure(app, settings: ServerSettings(database: location, bcryptCost: bcryptCost, tokenLifetime: tokenLifetime, live: live,
                                                          plaqueExamples: plaques, publicURL: publicURL, trustProxy: trustProxy, limits: limits,
                                                          metricsToken: TestServer.metricsToken, connections: connections, push: push,
                                                          pictures: pictures, fixLogs: fixLogs, trustedUserHeader: trustedUserHeader,
                                                          openID: openID, passwordLogin: passwordLogin))
        app.http.server.configuration.hostname = "127.0.0.1"
        app.http.server.configuration.port = port
        // Booted as `paceline serve` boots it: what starts with the server starts (measuring
        // runs older rules measured again, in the background).
        try await app.asyncBoot()
        try await app.server.start(address: .hostname("127.0.0.1", port: port))
        guard let port = app.http.server.shared.localAddress?.port else { throw TestServerError.noPort }
        let server = TestServer(app: app, baseURL: URL(string: "http://127.0.0.1:\(port)/api/v1")!, database: database, location: location)
        let result = try await body(server)
        try await tearDown(app, database: database, schema: ownsDatabase ? name : nil, sqlitePath: ownsDatabase ? sqlitePath : nil)
        return result
    } catch {
        try? await tearDown(app, database: database, schema: ownsDatabase ? name : nil, sqlitePath: ownsDatabase ? sqlitePath : nil)
        throw error
    }
}

extension LiveSettings {
    /// Live settings for tests: recorded runs are replayed faster than real time (so fix
    /// times are not checked against the clock), a 1 s countdown, fixes stored every 50 ms.
    public static var testing: LiveSettings {
        var settings = LiveSettings()
        settings.fixClockTolerance = nil
        settings.countdownSeconds = 1
        settings.storeInterval = 0.05
        return settings
    }
}

private func tearDown(_ app: Application, database: TestDatabase, schema: String?, sqlitePath: String?) async throws {
    await app.stopLive()
    if database == .postgres, let schema {
        try? await (app.db as? any SQLDatabase)?.raw("DROP SCHEMA IF EXISTS \(ident: schema) CASCADE").run()
    }
    await app.server.shutdown()
    try await app.asyncShutdown()
    if let sqlitePath {
        for suffix in ["", "-shm", "-wal"] { try? FileManager.default.removeItem(atPath: sqlitePath + suffix) }
    }
}

enum TestServerError: Error {
    case postgresNotConfigured
    case noPort
    /// A bearer session answered without its token.
    case noToken
    /// The test OpenID provider printed no port (it failed to start).
    case providerDidNotStart
}

extension TestServer {
    /// A raw answer: status, headers and body, for requests the generated client would
    /// never send (bad JSON, wrong types, huge bodies).
    public struct RawResponse: Sendable {
        public let status: Int
        public let headers: [(String, String)]
        public let body: Data

        /// The body as JSON (nil when it is not).
        public var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
        /// `error.code` of a JSON error answer.
        public var errorCode: String? { (json?["error"] as? [String: Any])?["code"] as? String }
    }

    /// The token every test server's `GET /metrics` asks for.
    public static let metricsToken = "test-metrics-token-\(UUID().uuidString)"

    /// The client of raw requests: it sends only the headers given and hands back the body
    /// as it came (no `Accept-Encoding` of its own, nothing decompressed), unlike
    /// `HTTPClient.shared`, which acts as a browser would.
    private static let rawClient = HTTPClient(eventLoopGroupProvider: .singleton,
                                              configuration: HTTPClient.Configuration(decompression: .disabled))

    /// Sends a request by hand to `path` (relative to `/api/v1`, or to the server's root
    /// when `underAPI` is false); with `chunked`, the body goes in 64 KiB chunks without a
    /// `Content-Length`.
    public func raw(
        _ method: HTTPMethod, _ path: String, token: String? = nil, headers: [(String, String)] = [], body: Data? = nil,
        chunked: Bool = false, underAPI: Bool = true
    ) async throws -> RawResponse {
        let base = underAPI ? baseURL.absoluteString : "http://\(baseURL.host ?? "127.0.0.1"):\(baseURL.port ?? 80)"
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let body, chunked {
            let chunks = AsyncStream<ByteBuffer> { continuation in
                for start in stride(from: 0, to: body.count, by: 64 << 10) {
                    continuation.yield(ByteBuffer(data: body[start..<min(body.count, start + (64 << 10))]))
                }
                continuation.finish()
            }
            request.body = .stream(chunks, length: .unknown)
        } else if let body {
            request.body = .bytes(ByteBuffer(data: body))
        }
        let response = try await Self.rawClient.execute(request, timeout: .seconds(60))
        let bytes = try await response.body.collect(upTo: 64 << 20)
        return RawResponse(status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) },
                           body: Data(buffer: bytes))
    }
}

extension TestServer {
    /// Uploads a corpus file (e.g. "gpx/run.gpx") with the given headers, by hand, so the
    /// exact bytes and content type reach the server.
    public func upload(
        _ relativePath: String, as user: TestUser, contentType: String? = nil, query: String = "",
        idempotencyKey: String? = nil
    ) async throws -> RawResponse {
        let url = Fixtures.track(relativePath)
        let type = contentType ?? Self.contentType(forExtension: url.pathExtension)
        var headers = [("Content-Type", type)]
        if let idempotencyKey { headers.append(("Idempotency-Key", idempotencyKey)) }
        return try await raw(.POST, "/runs" + query, token: user.token, headers: headers, body: try Data(contentsOf: url))
    }

    static func contentType(forExtension ext: String) -> String {
        switch ext.lowercased() {
        case "gpx": "application/gpx+xml"
        case "tcx": "application/vnd.garmin.tcx+xml"
        case "fit": "application/vnd.ant.fit"
        default: "application/octet-stream"
        }
    }
}
