import Fluent
import Foundation

/// Behind an authenticating proxy the operator trusts (Authelia, Authentik, oauth2-proxy),
/// the header it sets to say who signed in there, by email (`--trusted-user-header
/// Remote-Email`). Off unless set, and only with `--trust-proxy`: anyone can send any
/// header, so the proxy must be the only way in and must replace the header on every
/// request (docs/OPERATIONS.md, docs/SECURITY.md, "A trusted proxy's header").
///
/// A request naming an account is signed in as it, the bearer token alone coming first; one
/// naming no account stays anonymous, whatever session cookie it carries (the proxy's word is
/// the current one), and may register that email, and no other (`AccountBook.register`). A change it asks for must come from this site's own pages, as for the session
/// cookie: the proxy's sign-in goes with every request a browser sends, a cross-site one too.
public struct TrustedUserHeader: Sendable, Hashable {
    /// The header's name, as given.
    public let name: String

    /// Why a name can't be the trusted header.
    public enum Invalid: Error, CustomStringConvertible {
        case notAHeaderName(String)
        case readForItself(String)

        public var description: String {
            switch self {
            case .notAHeaderName(let name): "“\(name)” is not a header name (letters, digits and - only)"
            case .readForItself(let name): "\(name) is a header Paceline reads for itself: name the proxy's own (Remote-Email, X-Forwarded-Email)"
            }
        }
    }

    /// Headers that already mean something here, which a proxy's sign-in must not be.
    private static let reserved: Set<String> = [
        "authorization", "cookie", "host", "origin", "referer", "x-forwarded-for", "x-forwarded-proto", "x-request-id",
        "content-type", "content-length", "sec-fetch-site", "if-none-match", "idempotency-key",
    ]

    /// - Throws: `Invalid` for a name that is not an HTTP header's, or one Paceline reads for itself.
    public init(_ name: String) throws(Invalid) {
        guard !name.isEmpty, name.utf8.count <= 64, name.unicodeScalars.allSatisfy({ $0 == "-" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) }) else {
            throw .notAHeaderName(name)
        }
        guard !Self.reserved.contains(name.lowercased()) else { throw .readForItself(name) }
        self.name = name
    }

    /// The email the header's `values` name, lowercased; nil when it is absent or can't be
    /// one. Letters of ASCII only: Unicode's lowercasing would make another address one of
    /// ours (the Kelvin sign's K is k).
    /// - Throws: 400 when it came more than once (a proxy that added to a client's header
    ///   rather than replacing it).
    func email(in values: [String]) throws -> String? {
        guard !values.isEmpty else { return nil }
        guard values.count == 1 else {
            throw Refusal.invalid("\(name) came more than once: the proxy in front must replace it, not add to it")
        }
        guard values[0].unicodeScalars.allSatisfy(\.isASCII) else { return nil }
        return try? AccountBook.normalized(email: values[0])
    }

    /// The account the header's `values` name (its email, in any case), nil when it is
    /// absent, empty or names no account.
    /// - Throws: 400 when it came more than once; 403 `suspended` for a suspended account.
    func user(named values: [String], on database: any Database) async throws -> User? {
        guard let email = try email(in: values) else { return nil }
        guard let user = try await User.query(on: database).filter(\.$email == email).first() else { return nil }
        guard user.suspendedAt == nil else {
            throw Refusal(.forbidden, code: "suspended", message: "this account was suspended by the instance's admins")
        }
        return user
    }

    /// Refuses to make an account for `email` unless the header's `values` name it: behind
    /// the proxy an email is its to give, or anyone could register another member's
    /// address and be handed their sign-in later (403 `email_from_proxy`).
    func allowRegistration(of email: String, values: [String]) throws {
        let named = try self.email(in: values)
        guard named == email else {
            throw Refusal(.forbidden, code: "email_from_proxy",
                          message: "register with the email the sign-in page in front of this instance knows you by" + (named.map { " (\($0))" } ?? ""))
        }
    }

    /// Why an email can't be changed here behind the proxy: it is the proxy's.
    static let emailChangeRefusal = Refusal(.forbidden, code: "email_from_proxy",
                                            message: "your email here is the one the sign-in page in front of this instance knows you by: it changes there")

    /// What stands for the token of a request the header signed in: no token's hash (none
    /// has a prefix), so logging out or revoking a token closes only this user's sockets
    /// signed in by the proxy; the live hub checks their account instead (`LiveTokens`).
    static func tokenHash(of user: UUID) -> String { "proxy:\(user.uuidString)" }

    /// The account a stand-in of `tokenHash(of:)` names; nil for a token's hash.
    static func user(ofTokenHash hash: String) -> UUID? {
        hash.hasPrefix("proxy:") ? UUID(uuidString: String(hash.dropFirst("proxy:".count))) : nil
    }
}
