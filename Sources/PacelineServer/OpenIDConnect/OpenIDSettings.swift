import Foundation

/// Signing in with an OpenID provider (a club's accounts): `paceline serve --oidc-issuer
/// --oidc-client-id --oidc-client-secret` (docs/OPERATIONS.md, "Signing in with a club's
/// accounts").
public struct OpenIDSettings: Sendable {
    /// Who may get a new account by signing in with the provider.
    public enum Accounts: String, Sendable, CaseIterable {
        /// Anyone the provider vouches for (a club's own provider, where every account is a member).
        case open
        /// Only emails on `invited` (an address, or `@domain` for everyone there); others
        /// may still link an account they already have here.
        case invited
    }

    /// The issuer, exactly as the provider names itself (`iss`), e.g. `https://id.club.example/realms/club`.
    public var issuer: URL
    public var clientID: String
    public var clientSecret: String
    /// What the login screen's button says: "Sign in with NAME".
    public var name: String
    public var accounts: Accounts
    /// The emails (lower-cased) and `@domain`s that may get an account when `accounts` is `invited`.
    public var invited: [String]
    /// The least time between two fetches of the provider's keys for a key id not held
    /// (a minute; tests shorten it to see the refresh happen).
    public var keyRefreshInterval: TimeInterval = 60

    /// Settings for the provider at `issuer`, named `name` on the button (default: the issuer's host).
    public init(issuer: URL, clientID: String, clientSecret: String, name: String? = nil, accounts: Accounts = .invited,
                invited: [String] = []) {
        self.issuer = issuer
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.name = name ?? issuer.host ?? issuer.absoluteString
        self.accounts = accounts
        self.invited = invited.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
    }

    /// Whether signing in with the provider may make an account for `email` (lower-cased).
    func mayMakeAccount(for email: String) -> Bool {
        switch accounts {
        case .open: return true
        case .invited:
            return invited.contains { $0.hasPrefix("@") ? email.hasSuffix($0) : email == $0 }
        }
    }

    /// Whether `url` may be talked to: https, or http to this machine (a test's provider).
    public static func allows(_ url: URL) -> Bool {
        switch url.scheme?.lowercased() {
        case "https": return url.host?.isEmpty == false
        case "http": return ["127.0.0.1", "localhost", "::1", "[::1]"].contains(url.host?.lowercased() ?? "")
        default: return false
        }
    }
}
