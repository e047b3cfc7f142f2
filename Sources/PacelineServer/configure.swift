import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import OpenAPIRuntime
import SQLKit
import PacelineAPI
import Vapor

/// Sets up databases, migrations, middleware and routes on `app`.
///
/// Migrations run here, on every start: they are idempotent, and a server that starts
/// is then always on the schema its code expects (several instances on one PostgreSQL
/// serialise them on Fluent's migration table).
public func configure(_ app: Application, settings: ServerSettings) async throws {
    if !settings.passwordLogin, settings.openID == nil { throw ServerSettings.Mismatch.noWayToSignIn }
    if settings.openID != nil, settings.publicURL == nil { throw ServerSettings.Mismatch.openIDWithoutPublicURL }
    let bus: any LiveBus
    switch settings.database {
    case .sqlite(let path):
        app.databases.use(.sqlite(path == ":memory:" ? .memory : .file(path)), as: .sqlite)
        if path != ":memory:" {
            // Reads have connections of their own (`SQLiteSetup`), so none waits for a write.
            app.databases.use(.sqlite(.file(path)), as: .sqliteReads, isDefault: false)
        }
        try await SQLiteSetup.configureConnections(app, inMemory: path == ":memory:")
        bus = LocalLiveBus()
    case .postgres(let url, let schema):
        var configuration = try SQLPostgresConfiguration(url: url)
        if let schema { configuration.searchPath = [schema] }
        app.databases.use(.postgres(configuration: configuration, maxConnectionsPerEventLoop: settings.databaseConnections), as: .psql)
        // The background work's own connections (measuring runs again, imports' catch-up).
        app.databases.use(.postgres(configuration: configuration, maxConnectionsPerEventLoop: 1), as: .background, isDefault: false)
        if let schema {
            try await app.db.sql.raw("CREATE SCHEMA IF NOT EXISTS \(ident: schema)").run()
        }
        // Live events cross instances through PostgreSQL's LISTEN/NOTIFY.
        bus = PostgresLiveBus(configuration: configuration.coreConfiguration, database: app.db.sql,
                              schema: schema, logger: app.logger)
    }
    // Every HTTP connection's deadlines, and how many one address holds, from its accept
    // (docs/SECURITY.md, "HTTP connections").
    try GatedServer.use(on: app, settings: settings)
    // Every save of a user or a plaque refreshes the folded name search compares; a new
    // route's name goes into the words searched by prefix.
    app.databases.middleware.use(SearchName.Keeper<User> { $0.searchName = SearchName.of($0.displayName) })
    app.databases.middleware.use(RouteWords.Keeper())
    app.databases.middleware.use(SearchName.Keeper<PointOfInterestRow> { $0.searchTitle = SearchName.of($0.title) })
    app.migrations.add(Migrations.all)
    try await app.autoMigrate()
    // Photos need libvips (Debian's libvips42); without it they answer 503 and all else works.
    if let why = PhotoDeveloper.availability() { app.logger.notice("photos on activities are off: \(why)") }
    if let directory = settings.missionExamples {
        try await MissionExamples.seed(from: directory, on: app.db, logger: app.logger)
    }
    if let directory = settings.plaqueExamples {
        try await PlaqueExamples.seed(from: directory, on: app.db, logger: app.logger)
    }

    // Our own error middleware replaces Vapor's, so every failure (unknown paths and
    // bodies Vapor refuses included) is answered as `{error: {code, message}}`.
    app.middleware = .init()
    // First, so every answer carries them, errors included (docs/SECURITY.md).
    app.middleware.use(SecurityHeaders(web: settings.web, publicURL: settings.publicURL))
    // A log line per request, and its counts for /metrics; every answer names its request
    // (outside ErrorResponder, so errors are logged with the status they are answered with).
    let metrics = ServerMetrics()
    app.middleware.use(AccessLog(metrics: metrics))
    app.middleware.use(ErrorResponder())
    // The request's context (client address, headers) for everything that answers it.
    app.middleware.use(RequestContext.Middleware(trustProxy: settings.trustProxy))
    // A shutdown waits for the requests being answered before the database closes.
    let inFlight = InFlightRequests()
    app.middleware.use(inFlight)
    app.lifecycle.use(inFlight)
    WebClient.register(on: app, settings: settings.web, signIn: .init(passwords: settings.passwordLogin, provider: settings.openID?.name,
                                                                            byProxy: settings.trustedUserHeader != nil))
    // Public share pages (HTML with link-card tags, SVG map previews) outside /api/v1.
    SharePages.register(on: app, publicURL: settings.publicURL)

    let api = app.grouped("api", "v1")
    let specification = try OpenAPIDocument.load()
    api.get("openapi.yaml") { _ in
        var headers = HTTPHeaders()
        headers.contentType = HTTPMediaType(type: "application", subType: "yaml")
        return Response(status: .ok, headers: headers, body: .init(data: specification))
    }
    // Every limit on guessing (passwords, registrations, join codes) counts in the database,
    // so instances sharing one PostgreSQL share the counts.
    let limiter = AttemptLimiter(database: app.db.sql, limits: settings.limits)
    app.lifecycle.use(AttemptCountSweeper(limiter: limiter, logger: app.logger))
    // The live WebSocket: frames up to 1 MiB, so a client back from a dead zone can
    // resend its unacknowledged fixes (`LiveSettings.maximumFixesPerMessage`) at once.
    let hub = LiveHub(database: app.db, bus: bus, settings: settings.live, limiter: limiter, logger: app.logger)
    try await hub.start()
    app.lifecycle.use(LiveHubLifecycle(hub: hub))
    app.storage[LiveHubKey.self] = hub
    // Runs measured by older rules are measured again, in the background; what imports
    // left for later is brought up to date once they pause.
    let remeasuring = RemeasuringInBackground(database: app.backgroundDatabase, logger: app.logger)
    app.lifecycle.use(remeasuring)
    let background = app.backgroundDatabase
    app.lifecycle.use(RepeatingWork(every: HistoryCatchUp.interval, failing: "records and badges left by an import not brought up to date",
                                    logger: app.logger) {
        try await withTaskExecutorPreference(LowPriorityExecutor.shared) { try await HistoryCatchUp.catchUp(on: background) }
    })
    // New notifications reach the phones of those told (Web Push), signed with the instance's key.
    let vapid = try await VAPID.load(on: app.db)
    app.lifecycle.use(PushDelivery(database: app.backgroundDatabase, vapid: vapid, settings: settings.push,
                                   publicURL: settings.publicURL, logger: app.logger))
    // What nobody's action tells: an invitation's live session opening, a reminder after idle days, a club challenge's end.
    let opensBefore = settings.live.invitationOpensBefore
    app.lifecycle.use(RepeatingWork(every: Reminders.interval, failing: "reminders not told", logger: app.logger) {
        try await Reminders.tellDue(opensBefore: opensBefore, on: background)
    })
    // The training loads a runner's change of physiology outdated, measured again out of any request.
    app.lifecycle.use(RepeatingWork(every: TrainingLoadUpdating.interval, failing: "training loads not brought up to date", logger: app.logger) {
        try await withTaskExecutorPreference(LowPriorityExecutor.shared) { _ = try await TrainingLoadUpdating.all(on: background) }
    })
    // The club challenges an activity's change marked: their finishers' badges, settled out of any upload.
    app.lifecycle.use(RepeatingWork(every: ChallengeFinishers.settlingInterval, failing: "challenges not settled", logger: app.logger) {
        try await ChallengeFinishers.settleChanged(on: background)
    })
    // The fixes apps send one at a time (GPSLogger), made runs once their log goes quiet.
    let fixLogs = settings.fixLogs, fixLogger = app.logger
    app.lifecycle.use(RepeatingWork(every: fixLogs.interval, failing: "quiet fix logs not made runs", logger: app.logger) {
        try await FixLog.closeQuiet(quiet: fixLogs.quiet, on: background, logger: fixLogger)
    })
    // The pictures the loaded data names (stage photos, plaques'), fetched once each and kept, out of any request.
    if settings.pictures.fetching {
        let pictures = settings.pictures, logger = app.logger
        if pictures.testsOnlyLoopbackOverHTTP {
            app.logger.warning("PACELINE_TESTS_ONLY_PICTURES_FROM_LOOPBACK is set: pictures are fetched over plain http, loopback included. Never on an instance people use")
        }
        // Who asks, and how to reach whoever runs it (as Wikimedia asks of every client).
        let userAgent = PictureFetcher.userAgent(publicURL: settings.publicURL, contact: settings.push.contact)
        app.lifecycle.use(RepeatingWork(every: pictures.interval, failing: "pictures not fetched", logger: app.logger) {
            try await PictureFetching.round(settings: pictures, userAgent: userAgent, on: background, logger: logger)
        })
    }
    MetricsEndpoint.register(on: app, token: settings.metricsToken, metrics: metrics) {
        [.init(name: "paceline_live_sockets", help: "Live WebSockets open here, signed in or not.", value: hub.open.count),
         .init(name: "paceline_runs_to_remeasure", help: "Stored runs older rules measured, left to measure again (-1: not counted yet).",
               value: remeasuring.left),
         .init(name: "paceline_live_sessions", help: "Races and follows with a socket here.", value: hub.registry.sessionCount),
         .init(name: "paceline_http_requests_in_flight", help: "Requests being answered.", value: inFlight.current)]
    }
    // Each connection counts against its client's address (`LiveSettings.socketsPerAddress`).
    // The web app's socket is signed in by its session cookie, so an upgrade carrying it
    // must come from our own pages: browsers apply no CORS to WebSockets.
    // A trusted proxy's header signs the upgrade in as it signs in every request.
    let trustProxy = settings.trustProxy, trustedHeader = settings.trustedUserHeader
    api.grouped(CookieOriginCheck(site: settings.site, trustedHeader: trustedHeader)).get("live") { request in
        let address = ClientAddress.of(request, trustProxy: trustProxy)
        var upgrade = WebSessionCookie.token(inCookieHeaders: request.headers[.cookie]).map(LiveConnection.UpgradeSignIn.sessionCookie)
        if let trustedHeader, case let values = request.headers[trustedHeader.name], !values.isEmpty {
            upgrade = try await trustedHeader.user(named: values, on: request.db).map { .trustedHeader(try $0.requireID()) }
        }
        return LiveSocketUpgrader.response(maxFrameSize: 1 << 20) { [upgrade] socket, channel in
            hub.attach(socket, on: channel, from: address, upgrade: upgrade)
        }
    }

    let passwords = try Passwords(cost: settings.bcryptCost)
    app.lifecycle.use(PasswordsLifecycle(passwords: passwords))
    if let openID = settings.openID {
        let provider = OpenIDProvider(settings: openID)
        app.lifecycle.use(OpenIDProviderLifecycle(provider: provider))
        let base = (settings.publicURL?.absoluteString ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let signIn = OpenIDSignIn(provider: provider, settings: openID, redirectURI: base + "/auth/oidc/callback",
                                  tokenLifetime: settings.tokenLifetime, passwords: passwords, limiter: limiter, database: app.db)
        OpenIDRoutes.register(on: app, signIn: signIn, site: settings.site, tokenLifetime: settings.tokenLifetime) { _ in
            AccountBook.Checks(passwords: passwords, limiter: limiter, address: RequestContext.current?.clientAddress ?? "unknown")
        }
    }
    let handler = APIHandler(app: app, settings: settings, passwords: passwords, limiter: limiter, pushKey: vapid,
                             healthProbe: HealthProbe(database: app.db))
    try handler.registerHandlers(
        on: APITransport(routes: app),
        serverURL: try Servers.Server1.url(),
        configuration: .paceline,
        middlewares: [ETag.Header(), ResponseCompression(), APIErrorTranslator(logger: app.logger), RequestBodyLimit(), VerbatimHeaders(),
                      Authentication(database: app.db, site: settings.site, trustedHeader: settings.trustedUserHeader), UploadThreads(), JSONBodyCheck(), ReceivedJSONBody()]
    )
}

/// What a server instance is started with.
public struct ServerSettings: Sendable {
    public var database: DatabaseLocation
    /// bcrypt's cost factor: 2^cost rounds (about 60 ms at 10 here).
    public var bcryptCost: Int
    /// How long a token works after log in.
    public var tokenLifetime: TimeInterval

    /// The live hub's tunables.
    public var live: LiveSettings
    /// The browser client: its files and the map tiles it uses.
    public var web: WebSettings
    /// A folder of mission files saved on first start (when there is no mission yet); nil saves none.
    public var missionExamples: String?
    /// A folder of point-of-interest data sets imported on first start (when there is no
    /// point of interest yet); nil imports none.
    public var plaqueExamples: String?
    /// The address people reach this instance at (`https://runs.example.org`), for the
    /// absolute URLs it writes (share pages' link cards). Never taken from a request's
    /// `Host` or `X-Forwarded-*` headers, which the client chooses.
    public var publicURL: URL?
    /// Whether a reverse proxy in front says who the client is (`X-Forwarded-For`, its last
    /// entry): only then do per-address limits read it, as anyone can send the header.
    public var trustProxy: Bool
    /// How many wrong passwords, registrations and wrong join codes are allowed, per
    /// account and per client address (`AttemptLimiter`).
    public var limits: AttemptLimits
    /// The token `GET /metrics` asks for; nil: no /metrics (`MetricsEndpoint`).
    public var metricsToken: String?
    /// PostgreSQL connections per event loop (one loop per core); SQLite keeps one writing
    /// and one reading connection per loop whatever this says.
    public var databaseConnections: Int
    /// The deadlines of HTTP connections and how many one client address may hold.
    public var connections: ConnectionSettings
    /// Pushing notifications to phones (Web Push).
    public var push: PushSettings
    /// Fetching the pictures the loaded data names, to serve them from the instance.
    public var pictures: PictureSettings
    /// When the fixes apps send one at a time become runs.
    public var fixLogs: FixLogSettings
    /// The header an authenticating proxy in front names the signed-in user in, by email
    /// (`TrustedUserHeader`); nil: none. Only with `trustProxy`.
    public var trustedUserHeader: TrustedUserHeader?
    /// Signing in with an OpenID provider (a club's accounts); nil: not offered.
    public var openID: OpenIDSettings?
    /// Whether accounts log in and register with an email and a password (`POST /auth/login`,
    /// `/auth/register`); off, they sign in with the OpenID provider only.
    public var passwordLogin: Bool

    public init(database: DatabaseLocation = .default, bcryptCost: Int = 10, tokenLifetime: TimeInterval = 30 * 86_400,
                live: LiveSettings = LiveSettings(), web: WebSettings = WebSettings(), missionExamples: String? = nil,
                plaqueExamples: String? = nil,
                publicURL: URL? = nil, trustProxy: Bool = false, limits: AttemptLimits = AttemptLimits(),
                metricsToken: String? = nil, databaseConnections: Int = 1,
                connections: ConnectionSettings = ConnectionSettings(), push: PushSettings = PushSettings(),
                pictures: PictureSettings = PictureSettings(), fixLogs: FixLogSettings = FixLogSettings(),
                trustedUserHeader: TrustedUserHeader? = nil, openID: OpenIDSettings? = nil, passwordLogin: Bool = true) {
        self.database = database
        self.bcryptCost = bcryptCost
        self.tokenLifetime = tokenLifetime
        self.live = live
        self.web = web
        self.missionExamples = missionExamples
        self.plaqueExamples = plaqueExamples
        self.publicURL = publicURL
        self.trustProxy = trustProxy
        self.limits = limits
        self.metricsToken = metricsToken
        self.databaseConnections = databaseConnections
        self.connections = connections
        self.push = push
        self.pictures = pictures
        self.fixLogs = fixLogs
        self.trustedUserHeader = trustProxy ? trustedUserHeader : nil
        self.openID = openID
        self.passwordLogin = passwordLogin
    }
}

extension ServerSettings {
    /// Settings that can't work together.
    public enum Mismatch: Error, CustomStringConvertible {
        /// A live socket between pings would look idle and be closed.
        case idleTimeoutWithinPings
        /// Password login off with no OpenID provider: no one could sign in.
        case noWayToSignIn
        /// An OpenID provider needs the public URL (its redirect URI is made from it).
        case openIDWithoutPublicURL

        public var description: String {
            switch self {
            case .idleTimeoutWithinPings: "the HTTP idle timeout must be longer than the live sockets' ping interval"
            case .noWayToSignIn: "password login is off and no OpenID provider is set (--oidc-issuer): no one could sign in"
            case .openIDWithoutPublicURL: "an OpenID provider needs the public URL (--public-url), which its redirect URI is made from"
            }
        }
    }

    /// This server's own origin, for the session cookie's CSRF check and its `Secure`.
    var site: SiteOrigin { SiteOrigin(publicURL: publicURL, trustProxy: trustProxy) }
}

private enum LiveHubKey: StorageKey {
    typealias Value = LiveHub
}

extension Application {
    /// This instance's live hub (to close the connections of a token revoked here).
    var liveHub: LiveHub? { storage[LiveHubKey.self] }

    /// Stops this instance's live hub: closes its WebSockets, stops its timers and its
    /// bus, and stores the fixes still queued. Call it before the HTTP server stops (which
    /// would otherwise wait for the sockets) and before the database goes; shutting the
    /// application down does it too, if not done already.
    public func stopLive() async {
        await storage[LiveHubKey.self]?.shutdown()
    }
}

/// Stops the live hub with the application: the bus stops listening and the fixes still
/// queued are stored.
private struct LiveHubLifecycle: LifecycleHandler {
    let hub: LiveHub

    func shutdownAsync(_ application: Application) async {
        await hub.shutdown()
    }
}

/// Stops the OpenID provider's HTTP client with the application.
private struct OpenIDProviderLifecycle: LifecycleHandler {
    let provider: OpenIDProvider

    func shutdownAsync(_ application: Application) async {
        await provider.shutdown()
    }
}

/// Stops bcrypt's threads with the application.
private struct PasswordsLifecycle: LifecycleHandler {
    let passwords: Passwords

    func shutdownAsync(_ application: Application) async {
        try? await passwords.shutdown()
    }
}

/// Where the data lives: a SQLite file (the default, nothing to install) or PostgreSQL.
public enum DatabaseLocation: Sendable, Equatable {
    case sqlite(path: String)
    /// `schema`, when given, holds the tables (created if missing): tests use one per test.
    case postgres(url: String, schema: String? = nil)

    /// Reads `--database`: a `postgres://` or `postgresql://` URL, a `sqlite://PATH`, or a
    /// plain path of a SQLite file.
    public init(_ text: String) {
        if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            self = .postgres(url: text)
        } else if text.hasPrefix("sqlite://") {
            self = .sqlite(path: String(text.dropFirst("sqlite://".count)))
        } else {
            self = .sqlite(path: text)
        }
    }

    /// The default: `paceline.sqlite` in the working directory.
    public static let `default` = DatabaseLocation.sqlite(path: "paceline.sqlite")

    /// "sqlite" or "postgres", as `/health` reports it.
    public var kind: String {
        switch self {
        case .sqlite: "sqlite"
        case .postgres: "postgres"
        }
    }
}
