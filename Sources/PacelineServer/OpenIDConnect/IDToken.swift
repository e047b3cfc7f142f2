import Foundation

/// An ID token (OpenID Connect Core 1.0 §2, a JWS in compact form), read but not yet
/// trusted: `checkSignature` with the provider's key and `checkClaims` with what this
/// sign-in expects make it so. docs/SECURITY.md, "Signing in with an OpenID provider",
/// says why each check is there.
struct IDToken: Sendable {
    /// The signatures accepted: never `none`, never an HMAC (whose key would be the
    /// client secret, which is not the provider's to sign with alone).
    enum Algorithm: String, Sendable, CaseIterable {
        case rs256 = "RS256"
        case es256 = "ES256"
    }

    struct Header: Decodable, Sendable {
        var alg: String
        var kid: String?
        /// Extensions the signer says must be understood: none are, so any refuses the token.
        var crit: [String]?
    }

    /// The claims read here.
    struct Claims: Decodable, Sendable {
        var iss: String
        var sub: String
        var aud: Audience
        var azp: String?
        var exp: Double
        var iat: Double
        var nbf: Double?
        var nonce: String?
        var email: String?
        var emailVerified: Verified?
        var name: String?
        var preferredUsername: String?

        enum CodingKeys: String, CodingKey {
            case iss, sub, aud, azp, exp, iat, nbf, nonce, email, name
            case emailVerified = "email_verified"
            case preferredUsername = "preferred_username"
        }
    }

    /// `aud`: one client id, or several.
    struct Audience: Decodable, Sendable {
        var values: [String]

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let one = try? container.decode(String.self) { values = [one] } else { values = try container.decode([String].self) }
        }
    }

    /// `email_verified`: a boolean, or (some providers) the string "true".
    struct Verified: Decodable, Sendable {
        var value: Bool

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) { value = flag } else { value = (try? container.decode(String.self)) == "true" }
        }
    }

    /// The largest token read: a provider's are a few hundred bytes to a few KiB.
    static let maximumBytes = 16 * 1024
    /// How far the provider's clock may be from ours, either way.
    static let clockSkew: TimeInterval = 120

    let header: Header
    let algorithm: Algorithm
    let claims: Claims
    /// `header.payload`, the bytes signed.
    let signingInput: Data
    let signature: Data

    /// Reads `compact` (`header.payload.signature`, each base64url): refused when it is too
    /// big, not three parts, not JSON, or signed with an algorithm not accepted.
    init(compact: String) throws {
        guard compact.utf8.count <= Self.maximumBytes else { throw SignInFailure(.invalidToken, "the ID token is over \(Self.maximumBytes) bytes") }
        let parts = compact.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]), let payload = Base64URL.decode(parts[1]),
              let signature = Base64URL.decode(parts[2]) else {
            throw SignInFailure(.invalidToken, "the ID token is not a signed JWT in compact form")
        }
        let decoder = JSONDecoder()
        guard let header = try? decoder.decode(Header.self, from: headerBytes) else {
            throw SignInFailure(.invalidToken, "the ID token's header is not JSON with an alg")
        }
        guard let algorithm = Algorithm(rawValue: header.alg) else {
            throw SignInFailure(.invalidToken, "the ID token is signed with \(header.alg.prefix(20)), not one of \(Algorithm.allCases.map(\.rawValue))")
        }
        guard header.crit == nil else { throw SignInFailure(.invalidToken, "the ID token's header has crit extensions") }
        guard let claims = try? decoder.decode(Claims.self, from: payload) else {
            throw SignInFailure(.invalidToken, "the ID token's claims lack iss, sub, aud, exp or iat, or are not JSON")
        }
        self.header = header
        self.algorithm = algorithm
        self.claims = claims
        self.signingInput = Data((parts[0] + "." + parts[1]).utf8)
        self.signature = signature
    }

    /// Throws unless `key` signed this token.
    func checkSignature(with key: JSONWebKey) throws {
        guard key.signs(with: algorithm), key.verifies(signature, over: signingInput, with: algorithm) else {
            throw SignInFailure(.invalidToken, "the ID token's signature is not the provider's key \(key.kid ?? "(no kid)")")
        }
    }

    /// Throws unless the token was issued by `issuer` for `clientID` to this sign-in
    /// (`nonce`), and is current at `now` within `clockSkew`.
    func checkClaims(issuer: String, clientID: String, nonce: String, now: Date = Date()) throws {
        guard claims.iss == issuer else { throw SignInFailure(.invalidToken, "the ID token's issuer is not \(issuer)") }
        guard claims.aud.values.contains(clientID) else { throw SignInFailure(.invalidToken, "the ID token was issued for another client") }
        if claims.aud.values.count > 1 || claims.azp != nil {
            guard claims.azp == clientID else { throw SignInFailure(.invalidToken, "the ID token's authorized party is another client") }
        }
        guard let said = claims.nonce, Self.same(said, nonce) else {
            throw SignInFailure(.invalidToken, "the ID token's nonce is not this sign-in's (a replayed token)")
        }
        let time = now.timeIntervalSince1970
        guard time < claims.exp + Self.clockSkew else { throw SignInFailure(.invalidToken, "the ID token expired") }
        guard claims.iat <= time + Self.clockSkew, (claims.nbf ?? claims.iat) <= time + Self.clockSkew else {
            throw SignInFailure(.invalidToken, "the ID token is issued in the future (the provider's clock is wrong)")
        }
        guard !claims.sub.isEmpty, claims.sub.utf8.count <= 255 else { throw SignInFailure(.invalidToken, "the ID token's subject is empty or too long") }
    }

    /// Compares in time independent of where the texts differ.
    private static func same(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
