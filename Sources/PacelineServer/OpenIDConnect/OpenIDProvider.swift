import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The OpenID provider as this server talks to it: its discovery document and signing
/// keys, each fetched when first needed and kept, and its token endpoint. Every request
/// has a deadline and a cap on the answer's size, follows no redirect, and goes only to
/// https (or http on this machine). An ID token naming a key not held refreshes the keys
/// at most once a minute, so tokens with made-up key ids cannot make us hammer the
/// provider.
actor OpenIDProvider {
    /// What `.well-known/openid-configuration` says, of what is used.
    struct Discovery: Decodable, Sendable {
        var issuer: String
        var authorizationEndpoint: URL
        var tokenEndpoint: URL
        var jwksURI: URL
        var tokenEndpointAuthMethodsSupported: [String]?

        enum CodingKeys: String, CodingKey {
            case issuer
            case authorizationEndpoint = "authorization_endpoint"
            case tokenEndpoint = "token_endpoint"
            case jwksURI = "jwks_uri"
            case tokenEndpointAuthMethodsSupported = "token_endpoint_auth_methods_supported"
        }
    }

    /// The token endpoint's answer, of what is used.
    struct Tokens: Decodable, Sendable {
        var idToken: String

        enum CodingKeys: String, CodingKey {
            case idToken = "id_token"
        }
    }

    /// The largest answer read from the provider.
    static let maximumBytes = 256 * 1024
    /// Each request's deadline.
    static let deadline: TimeAmount = .seconds(10)
    /// How long the discovery document and the keys are kept before being fetched again.
    static let keptFor: TimeInterval = 3600

    let settings: OpenIDSettings
    private let client: HTTPClient
    private var discovery: (value: Discovery, at: Date)?
    private var keys: (value: [JSONWebKey], at: Date)?
    private var keysFetch: Task<(value: [JSONWebKey], at: Date), any Error>?

    init(settings: OpenIDSettings) {
        self.settings = settings
        client = HTTPClient(eventLoopGroupProvider: .singleton,
                            configuration: .init(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5), read: .seconds(10))))
    }

    /// Stops the HTTP client (at the application's shutdown).
    func shutdown() async {
        try? await client.shutdown()
    }

    /// The discovery document, fetched when none is kept or it is over an hour old; its
    /// `issuer` must be the configured one exactly, and its endpoints https.
    func configuration() async throws -> Discovery {
        if let discovery, Date().timeIntervalSince(discovery.at) < Self.keptFor { return discovery.value }
        let address = settings.issuer.absoluteString.hasSuffix("/") ? String(settings.issuer.absoluteString.dropLast()) : settings.issuer.absoluteString
        guard let url = URL(string: address + "/.well-known/openid-configuration") else {
            throw SignInFailure(.providerUnreachable, "the issuer \(address) makes no discovery address")
        }
        let fetched: Discovery = try await get(url)
        guard fetched.issuer == settings.issuer.absoluteString else {
            throw SignInFailure(.providerUnreachable, "the discovery document names the issuer \(fetched.issuer.prefix(200)), not \(settings.issuer.absoluteString)")
        }
        for endpoint in [fetched.authorizationEndpoint, fetched.tokenEndpoint, fetched.jwksURI] where !OpenIDSettings.allows(endpoint) {
            throw SignInFailure(.providerUnreachable, "the discovery document names \(endpoint.absoluteString.prefix(200)), which is not https")
        }
        discovery = (fetched, Date())
        return fetched
    }

    /// The key that signed a token with `header`: by its `kid` (the keys fetched again,
    /// at most once a minute, when none has it), or the one key of its kind when the token
    /// names none.
    func key(for header: IDToken.Header, algorithm: IDToken.Algorithm) async throws -> JSONWebKey {
        func chosen(from keys: [JSONWebKey]) -> JSONWebKey? {
            let fitting = keys.filter { $0.signs(with: algorithm) }
            guard let kid = header.kid else { return fitting.count == 1 ? fitting[0] : nil }
            return fitting.first { $0.kid == kid }
        }
        let held = try await heldKeys()
        if let key = chosen(from: held.value) { return key }
        guard Date().timeIntervalSince(held.at) >= settings.keyRefreshInterval else {
            throw SignInFailure(.invalidToken, "no key of the provider has the ID token's key id (the keys were fetched under a minute ago)")
        }
        keys = nil
        guard let key = chosen(from: try await heldKeys().value) else {
            throw SignInFailure(.invalidToken, "no key of the provider has the ID token's key id, after fetching them again")
        }
        return key
    }

    /// The keys held, fetched when none are or they are over an hour old; sign-ins asking
    /// at once wait for the one fetch under way.
    private func heldKeys() async throws -> (value: [JSONWebKey], at: Date) {
        if let keys, Date().timeIntervalSince(keys.at) < Self.keptFor { return keys }
        if let keysFetch { return try await keysFetch.value }
        let fetch = Task { () async throws -> (value: [JSONWebKey], at: Date) in
            let set: JSONWebKey.Set = try await get(try await configuration().jwksURI)
            return (value: set.keys, at: Date())
        }
        keysFetch = fetch
        defer { keysFetch = nil }
        let fetched = try await fetch.value
        keys = fetched
        return fetched
    }

    /// Exchanges `code` (with the PKCE `verifier`) for tokens at the token endpoint,
    /// authenticated with the client secret as the provider says it takes it (HTTP Basic
    /// unless it takes only a form field).
    func exchange(code: String, verifier: String, redirectURI: String) async throws -> Tokens {
        let discovery = try await configuration()
        var fields = ["grant_type": "authorization_code", "code": code, "redirect_uri": redirectURI, "code_verifier": verifier]
        var request = HTTPClientRequest(url: discovery.tokenEndpoint.absoluteString)
        request.method = .POST
        let methods = discovery.tokenEndpointAuthMethodsSupported ?? ["client_secret_basic"]
        if methods.contains("client_secret_basic") || !methods.contains("client_secret_post") {
            let pair = Self.formEncoded(settings.clientID) + ":" + Self.formEncoded(settings.clientSecret)
            request.headers.add(name: "Authorization", value: "Basic " + Data(pair.utf8).base64EncodedString())
        } else {
            fields["client_id"] = settings.clientID
            fields["client_secret"] = settings.clientSecret
        }
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: fields.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.formEncoded($0.value))" }.joined(separator: "&")))
        return try await send(request, refusedAs: .providerRefused)
    }

    private func get<Answer: Decodable>(_ url: URL) async throws -> Answer {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: "application/json")
        return try await send(request, refusedAs: .providerUnreachable)
    }

    /// Sends `request` to an allowed address and decodes its JSON answer; a 4xx is
    /// `refusedAs`, anything else not 200 or not JSON is `providerUnreachable`.
    private func send<Answer: Decodable>(_ request: HTTPClientRequest, refusedAs reason: SignInFailure.Reason) async throws -> Answer {
        guard let url = URL(string: request.url), OpenIDSettings.allows(url) else {
            throw SignInFailure(.providerUnreachable, "\(request.url.prefix(200)) is not https")
        }
        var request = request
        request.headers.add(name: "User-Agent", value: "Paceline/1 (OpenID Connect client)")
        let body: ByteBuffer
        let status: HTTPResponseStatus
        do {
            let response = try await client.execute(request, timeout: Self.deadline)
            status = response.status
            body = try await response.body.collect(upTo: Self.maximumBytes)
        } catch is NIOTooManyBytesError {
            throw SignInFailure(.providerUnreachable, "\(url.path) answered over \(Self.maximumBytes) bytes")
        } catch {
            throw SignInFailure(.providerUnreachable, "\(url.host ?? "") \(url.path) did not answer: \(error)")
        }
        guard status == .ok else {
            let said = (try? JSONDecoder().decode(ProviderError.self, from: Data(body.readableBytesView)))?.error ?? "no error code"
            throw SignInFailure((400..<500).contains(status.code) ? reason : .providerUnreachable,
                                "\(url.path) answered \(status.code) (\(said.prefix(60)))")
        }
        do {
            return try JSONDecoder().decode(Answer.self, from: Data(body.readableBytesView))
        } catch {
            throw SignInFailure(.providerUnreachable, "\(url.path) answered JSON without what OpenID Connect says it has")
        }
    }

    /// An OAuth error answer's code (RFC 6749 §5.2): safe to log, unlike its description.
    private struct ProviderError: Decodable {
        var error: String
    }

    /// `text` as `application/x-www-form-urlencoded` writes it.
    static func formEncoded(_ text: String) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._*")
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text).replacingOccurrences(of: "%20", with: "+")
    }
}
