import ArgumentParser
import Foundation
import PacelineServer

extension LogFormat: ExpressibleByArgument {}
extension OpenIDSettings.Accounts: ExpressibleByArgument {}

/// `paceline serve`: the API and the web client on one port.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run your own Paceline: the web app and its API, on this machine.",
        discussion: """
            With no --database, data lives in paceline.sqlite in the working directory; give a \
            postgres:// URL (or set DATABASE_URL) to share one PostgreSQL between instances. \
            Migrations run on start. Ctrl-C (SIGINT) or SIGTERM stops the server gracefully.
            """
    )

    @Option(help: "The port to listen on.")
    var port = 8080

    @Option(help: "The address to listen on.")
    var hostname = "127.0.0.1"

    @OptionGroup var database: DatabaseOptions

    @Option(help: "The web client's folder (default: $PACELINE_PUBLIC, else ./Public, else the repository's Public/).")
    var `public`: String?

    @Option(help: "Mission files saved on first start, when the database has no mission (default: $PACELINE_MISSIONS, else ./data/missions, else the repository's).")
    var missions: String?

    @Option(help: "Plaque data sets imported on first start, when the database has no point of interest (default: $PACELINE_PLAQUES, else ./data/plaques, else the repository's).")
    var plaques: String?

    @Flag(help: "Fetch no pictures (stage photos, plaques'): for an instance without the internet; the app links to each where it is kept (default: $PACELINE_FETCH_PICTURES=0).")
    var noFetchPictures = false

    @Option(help: "Map tiles' URL template for the web client.")
    var tileURL = WebSettings().tileURL

    @Option(help: "Map tiles' attribution.")
    var tileAttribution = WebSettings().tileAttribution

    @Option(help: "The address people open, e.g. https://runs.example.org, for the links it writes (default: $PACELINE_PUBLIC_URL, else http://localhost:PORT).")
    var publicURL: String?

    @Flag(help: "A reverse proxy in front sets X-Forwarded-For: count limits by the address it names (default: $PACELINE_TRUST_PROXY=1). Without a proxy anyone could forge it.")
    var trustProxy = false

    @Option(help: "The header an authenticating proxy in front (Authelia, Authentik, oauth2-proxy) names the signed-in user in, by email, e.g. Remote-Email: its requests are signed in as that account (default: $PACELINE_TRUSTED_USER_HEADER; none). Needs --trust-proxy, and a proxy that replaces the header on every request.")
    var trustedUserHeader: String?

    @Option(help: "Accounts that may be made from one client address in an hour (a club registering on its own Wi-Fi may need more).")
    var registrationsPerAddress = AttemptLimits().registrationsPerAddress.attempts

    @Option(help: "Wrong passwords allowed from one client address in 15 minutes, whatever the account.")
    var wrongPasswordsPerAddress = AttemptLimits().passwordsPerAddress.attempts

    @Option(help: "HTTP connections one client address may hold at once (not counted behind --trust-proxy; live sockets have their own limit).")
    var connectionsPerAddress = ConnectionSettings().perAddress

    @Option(help: "The log's lines: plain, for a person, or json, one object a line for a log collector (default: $PACELINE_LOG_FORMAT, else plain).")
    var logFormat: LogFormat?

    @Option(help: "Serve GET /metrics (Prometheus) to requests bearing this token (default: $PACELINE_METRICS_TOKEN; none: no /metrics).")
    var metricsToken: String?

    @Option(help: "PostgreSQL connections per core (default: $PACELINE_DATABASE_CONNECTIONS, else 1): raise it for a busy instance, within the server's max_connections across all instances.")
    var databaseConnections: Int?

    @Option(help: "Who runs this instance, for the push services that deliver notifications to phones: a mailto: or https: address (default: $PACELINE_PUSH_CONTACT, else the public URL when it is https).")
    var pushContact: String?

    @Option(help: "The OpenID provider people may sign in with (a club's accounts), its issuer exactly, e.g. https://id.club.example/realms/club (default: $PACELINE_OIDC_ISSUER; none: not offered).")
    var oidcIssuer: String?

    @Option(help: "This instance's client id at the OpenID provider (default: $PACELINE_OIDC_CLIENT_ID).")
    var oidcClientID: String?

    @Option(help: "The client secret (default: $PACELINE_OIDC_CLIENT_SECRET, which other users can't see in `ps`, unlike this option).")
    var oidcClientSecret: String?

    @Option(help: "A file holding the client secret (default: $PACELINE_OIDC_CLIENT_SECRET_FILE), e.g. systemd's LoadCredential=: the secret is in no environment and no command line.")
    var oidcClientSecretFile: String?

    @Option(help: "The login button's name for the provider: \"Sign in with NAME\" (default: $PACELINE_OIDC_NAME, else the issuer's host).")
    var oidcName: String?

    @Option(help: "Who gets an account by signing in with the provider: invited (only --oidc-invited emails; others may link an account they have) or open (anyone the provider vouches for) (default: $PACELINE_OIDC_ACCOUNTS, else invited).")
    var oidcAccounts: OpenIDSettings.Accounts?

    @Option(help: "With --oidc-accounts invited: the emails, and @domains, that get an account, comma-separated (default: $PACELINE_OIDC_INVITED).")
    var oidcInvited: String?

    @Option(help: "on, or off: only the OpenID provider signs people in; /auth/login and /auth/register are refused (default: $PACELINE_PASSWORD_LOGIN, else on).")
    var passwordLogin: Switch?

    func validate() throws {
        if let databaseConnections, !(1...64).contains(databaseConnections) {
            throw ValidationError("--database-connections must be 1 to 64")
        }
        guard registrationsPerAddress >= 1, wrongPasswordsPerAddress >= 1, connectionsPerAddress >= 1 else {
            throw ValidationError("--registrations-per-address, --wrong-passwords-per-address and --connections-per-address must be at least 1")
        }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        var limits = AttemptLimits()
        limits.registrationsPerAddress.attempts = registrationsPerAddress
        limits.passwordsPerAddress.attempts = wrongPasswordsPerAddress
        var connections = ConnectionSettings()
        connections.perAddress = connectionsPerAddress
        let web = WebSettings(publicDirectory: `public` ?? WebSettings.defaultPublicDirectory,
                              tileURL: tileURL, tileAttribution: tileAttribution)
        let trustsProxy = trustProxy || environment["PACELINE_TRUST_PROXY"] == "1"
        let trustedHeader = try Self.trustedHeader(trustedUserHeader ?? environment["PACELINE_TRUSTED_USER_HEADER"], trustsProxy: trustsProxy)
        var settings = ServerSettings(
            database: try database.location(), web: web, missionExamples: missions ?? MissionExamples.defaultDirectory,
            plaqueExamples: plaques ?? PlaqueExamples.defaultDirectory,
            publicURL: try Self.publicURL(publicURL ?? environment["PACELINE_PUBLIC_URL"], port: port),
            trustProxy: trustsProxy, limits: limits,
            metricsToken: metricsToken ?? environment["PACELINE_METRICS_TOKEN"],
            databaseConnections: try Self.connections(databaseConnections, environment["PACELINE_DATABASE_CONNECTIONS"]),
            connections: connections, push: PushSettings(contact: pushContact ?? environment["PACELINE_PUSH_CONTACT"]),
            pictures: PictureSettings(fetching: !noFetchPictures && environment["PACELINE_FETCH_PICTURES"] != "0",
                                      // A browser test's own picture server on 127.0.0.1 (never set it for people).
                                      testsOnlyLoopbackOverHTTP: environment["PACELINE_TESTS_ONLY_PICTURES_FROM_LOOPBACK"] == "1"),
            trustedUserHeader: trustedHeader)
        settings.openID = try Self.openID(issuer: oidcIssuer ?? environment["PACELINE_OIDC_ISSUER"],
                                          clientID: oidcClientID ?? environment["PACELINE_OIDC_CLIENT_ID"],
                                          secret: try oidcClientSecret ?? Self.secret(inFile: oidcClientSecretFile ?? environment["PACELINE_OIDC_CLIENT_SECRET_FILE"])
                                              ?? environment["PACELINE_OIDC_CLIENT_SECRET"],
                                          name: oidcName ?? environment["PACELINE_OIDC_NAME"],
                                          accounts: try oidcAccounts ?? Self.parsed(environment["PACELINE_OIDC_ACCOUNTS"], "PACELINE_OIDC_ACCOUNTS") ?? .invited,
                                          invited: oidcInvited ?? environment["PACELINE_OIDC_INVITED"])
        settings.passwordLogin = (try passwordLogin ?? Self.parsed(environment["PACELINE_PASSWORD_LOGIN"], "PACELINE_PASSWORD_LOGIN") ?? .on) == .on
        guard let format = logFormat ?? LogFormat(rawValue: environment["PACELINE_LOG_FORMAT"] ?? "plain") else {
            throw ValidationError("PACELINE_LOG_FORMAT must be plain or json")
        }
        try await serve(hostname: hostname, port: port, settings: settings, logFormat: format)
    }

    /// The trusted proxy's header named `name`, checked; nil without a name.
    static func trustedHeader(_ name: String?, trustsProxy: Bool) throws -> TrustedUserHeader? {
        guard let name, !name.isEmpty else { return nil }
        guard trustsProxy else {
            throw ValidationError("--trusted-user-header needs --trust-proxy: without a proxy in front that replaces it, anyone could send it and sign in as anyone")
        }
        do {
            return try TrustedUserHeader(name)
        } catch {
            throw ValidationError("--trusted-user-header: \(error)")
        }
    }

    /// On or off (`--password-login`).
    enum Switch: String, ExpressibleByArgument {
        case on, off
    }

    /// `text` as `Value`, nil when there is none; a bad value names `variable`.
    static func parsed<Value: RawRepresentable>(_ text: String?, _ variable: String) throws -> Value? where Value.RawValue == String {
        guard let text else { return nil }
        guard let value = Value(rawValue: text) else { throw ValidationError("\(variable) can't be \(text)") }
        return value
    }

    /// What the file at `path` holds, without its trailing newline; nil without a path.
    static func secret(inFile path: String?) throws -> String? {
        guard let path else { return nil }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw ValidationError("the client secret file \(path) can't be read")
        }
        return text.trimmingCharacters(in: .newlines)
    }

    /// The OpenID provider's settings, nil without an issuer; the issuer checked to be https
    /// (or http on this machine), the client id and secret required with it.
    static func openID(issuer: String?, clientID: String?, secret: String?, name: String?, accounts: OpenIDSettings.Accounts,
                       invited: String?) throws -> OpenIDSettings? {
        guard let issuer else { return nil }
        guard let url = URL(string: issuer), url.query == nil, url.fragment == nil, OpenIDSettings.allows(url) else {
            throw ValidationError("--oidc-issuer must be an https:// address (http only on this machine), e.g. https://id.club.example (got \(issuer))")
        }
        guard let clientID, !clientID.isEmpty, let secret, !secret.isEmpty else {
            throw ValidationError("--oidc-issuer needs --oidc-client-id and a client secret ($PACELINE_OIDC_CLIENT_SECRET or --oidc-client-secret-file)")
        }
        return OpenIDSettings(issuer: url, clientID: clientID, clientSecret: secret, name: name, accounts: accounts,
                              invited: (invited ?? "").split(separator: ",").map(String.init))
    }

    /// `--database-connections`, else the environment's, checked; 1 without either.
    static func connections(_ flag: Int?, _ environment: String?) throws -> Int {
        if let flag { return flag }
        guard let environment else { return 1 }
        guard let value = Int(environment), (1...64).contains(value) else {
            throw ValidationError("PACELINE_DATABASE_CONNECTIONS must be 1 to 64 (got \(environment))")
        }
        return value
    }

    /// `text` checked to be an http(s) address with a host and nothing after it, or
    /// `http://localhost:PORT` when nil.
    static func publicURL(_ text: String?, port: Int) throws -> URL {
        guard let text else { return URL(string: "http://localhost:\(port)")! }
        let trimmed = text.hasSuffix("/") ? String(text.dropLast()) : text
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              url.host?.isEmpty == false, url.query == nil, url.fragment == nil, url.path.isEmpty else {
            throw ValidationError("--public-url must be an http:// or https:// address with no path, e.g. https://runs.example.org (got \(text))")
        }
        return url
    }
}
