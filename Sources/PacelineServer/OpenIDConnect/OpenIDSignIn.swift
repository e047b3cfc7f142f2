import Crypto
import Fluent
import Foundation
import SQLKit

/// Signing in with the OpenID provider, from the button to a session: the Authorization
/// Code flow with PKCE (S256), `state` and `nonce` random, single-use, kept 10 minutes and
/// bound to the browser that started it; the ID token checked (`IDToken`) against the
/// provider's keys (`OpenIDProvider`); then the account it is linked to, or a new one
/// (`OpenIDSettings.Accounts`), or, when an account here has the same (verified) email,
/// that account's password asked before the two are linked, never linked on the email
/// alone. `OpenIDRoutes` is its HTTP edge.
struct OpenIDSignIn: Sendable {
    let provider: OpenIDProvider
    let settings: OpenIDSettings
    /// `PUBLIC_URL/auth/oidc/callback`, registered at the provider.
    let redirectURI: String
    let tokenLifetime: TimeInterval
    let passwords: Passwords
    let limiter: AttemptLimiter
    let database: any Database

    /// How long a sign-in may take, from the button to the provider's answer (or to the
    /// password that links an account).
    static let lifetime: TimeInterval = 600

    /// A sign-in sent to the provider: the browser keeps `browserSecret` (its cookie) and
    /// goes to `authorizationURL`.
    struct Start {
        let browserSecret: String
        let authorizationURL: URL
    }

    /// How a provider's answer ended.
    enum Outcome {
        case signedIn(AccountBook.Session)
        /// An account here has the identity's email: its password links them. The browser
        /// keeps `browserSecret` (a new cookie) until then.
        case linkAsked(browserSecret: String)
    }

    /// What the link screen says: whose account, and which provider's.
    struct LinkQuestion: Codable {
        let email: String
        let provider: String
    }

    /// Starts a sign-in: its state, nonce and PKCE verifier stored for 10 minutes (and
    /// the sign-ins over 10 minutes old swept), and the provider's authorization address.
    func start() async throws -> Start {
        let discovery = try await provider.configuration()
        let (secret, state, nonce, verifier) = (Self.random(), Self.random(), Self.random(), Self.random())
        try await PendingSignIn.query(on: database).filter(\.$expiresAt < Date()).delete()
        try await PendingSignIn(browserHash: TokenIssuer.hash(secret), stateHash: TokenIssuer.hash(state), nonce: nonce,
                                codeVerifier: verifier, expiresAt: Date().addingTimeInterval(Self.lifetime)).create(on: database)
        guard var address = URLComponents(url: discovery.authorizationEndpoint, resolvingAgainstBaseURL: false) else {
            throw SignInFailure(.providerUnreachable, "the authorization endpoint is not an address")
        }
        let challenge = Base64URL.encode(Data(SHA256.hash(data: Data(verifier.utf8))))
        let asked = [
            URLQueryItem(name: "response_type", value: "code"), URLQueryItem(name: "client_id", value: settings.clientID),
            URLQueryItem(name: "redirect_uri", value: redirectURI), URLQueryItem(name: "scope", value: "openid email profile"),
            URLQueryItem(name: "state", value: state), URLQueryItem(name: "nonce", value: nonce),
            URLQueryItem(name: "code_challenge", value: challenge), URLQueryItem(name: "code_challenge_method", value: "S256"),
        ]
        address.queryItems = (address.queryItems ?? []) + asked
        // `+` stays literal in a query built this way; a provider would read it as a space.
        let query = address.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        address.percentEncodedQuery = query
        guard let url = address.url else { throw SignInFailure(.providerUnreachable, "the authorization endpoint is not an address") }
        return Start(browserSecret: secret, authorizationURL: url)
    }

    /// Finishes the sign-in the provider answered with `code` and `state`, in the browser
    /// holding `browserSecret`: the state used up (whatever follows), the code exchanged,
    /// the ID token checked, then the account found, made or asked to be linked.
    /// `address` is the client's, for the registration limit.
    func finish(code: String, state: String, browserSecret: String?, address: String) async throws -> Outcome {
        let pending = try await takePending(state: state, browserSecret: browserSecret)
        let tokens = try await provider.exchange(code: code, verifier: pending.codeVerifier, redirectURI: redirectURI)
        let token = try IDToken(compact: tokens.idToken)
        try token.checkSignature(with: try await provider.key(for: token.header, algorithm: token.algorithm))
        try token.checkClaims(issuer: settings.issuer.absoluteString, clientID: settings.clientID, nonce: pending.nonce)
        return try await account(for: token.claims, address: address)
    }

    /// The link asked of the browser holding `browserSecret`, or 404 when there is none (any more).
    func linkQuestion(browserSecret: String?) async throws -> LinkQuestion {
        let pending = try await pendingLink(browserSecret: browserSecret)
        return LinkQuestion(email: pending.linkEmail ?? "", provider: settings.name)
    }

    /// Links the identity the provider vouched for to the account it asked about, once
    /// `password` is that account's (counted as a login's attempts are), and signs in.
    func link(browserSecret: String?, password: String, checks: AccountBook.Checks) async throws -> AccountBook.Session {
        let pending = try await pendingLink(browserSecret: browserSecret)
        guard let userID = pending.$linkUser.id, let subject = pending.linkSubject,
              let user = try await User.find(userID, on: database) else { throw Self.noLink }
        try await AccountBook.confirm(password, field: "password", of: user, checks: checks)
        guard try await use(pending) else { throw Self.noLink }
        guard user.suspendedAt == nil else { throw Refusal(.forbidden, code: "suspended", message: "this account was suspended by the instance's admins") }
        do {
            try await ExternalIdentity(userID: userID, issuer: settings.issuer.absoluteString, subject: subject, email: pending.linkEmail)
                .create(on: database)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw Refusal.conflict("this account at the provider was linked meanwhile; sign in with it again")
        }
        return try await session(for: user)
    }

    // MARK: - Steps

    /// The sign-in `state` names, used up: refused unless this browser started it, it is
    /// under 10 minutes old and was not used before.
    private func takePending(state: String, browserSecret: String?) async throws -> PendingSignIn {
        guard let browserSecret,
              let pending = try await PendingSignIn.query(on: database).filter(\.$stateHash == TokenIssuer.hash(state))
                .filter(\.$browserHash == TokenIssuer.hash(browserSecret)).filter(\.$linkUser.$id == nil).first() else {
            throw SignInFailure(.expired, "the state was not issued to this browser, or was used already")
        }
        guard try await use(pending) else { throw SignInFailure(.expired, "the state was used already") }
        guard pending.expiresAt > Date() else { throw SignInFailure(.expired, "the sign-in started over 10 minutes ago") }
        return pending
    }

    /// Deletes `pending`; false when another request deleted it first (a replay racing the first use).
    private func use(_ pending: PendingSignIn) async throws -> Bool {
        let rows = try await database.sql.raw("""
            DELETE FROM \(ident: PendingSignIn.schema) WHERE state_hash = \(bind: pending.stateHash) RETURNING state_hash
            """).all()
        return !rows.isEmpty
    }

    private func pendingLink(browserSecret: String?) async throws -> PendingSignIn {
        guard let browserSecret,
              let pending = try await PendingSignIn.query(on: database).filter(\.$browserHash == TokenIssuer.hash(browserSecret))
                .filter(\.$linkUser.$id != nil).filter(\.$expiresAt > Date()).first() else { throw Self.noLink }
        return pending
    }

    private static let noLink = Refusal(.notFound, code: "no_link",
                                        message: "no sign-in waits for a password here (it is over 10 minutes old, or done); sign in again")

    /// The account `claims` sign in: the one linked to them; else, when an account has
    /// their verified email, a link asked; else a new one, when the settings allow it.
    private func account(for claims: IDToken.Claims, address: String) async throws -> Outcome {
        let issuer = settings.issuer.absoluteString
        if let identity = try await ExternalIdentity.query(on: database).filter(\.$issuer == issuer).filter(\.$subject == claims.sub)
            .with(\.$user).first() {
            guard identity.user.suspendedAt == nil else { throw SignInFailure(.suspended, "the account is suspended") }
            return .signedIn(try await session(for: identity.user))
        }
        guard let said = claims.email, let email = try? AccountBook.normalized(email: TextInput.checked(said, "email", .email)) else {
            throw SignInFailure(.noEmail, "the ID token has no email")
        }
        guard claims.emailVerified?.value == true else { throw SignInFailure(.unverifiedEmail, "the provider does not say the email is verified") }
        if let user = try await User.query(on: database).filter(\.$email == email).first() {
            let secret = Self.random()
            let pending = PendingSignIn(browserHash: TokenIssuer.hash(secret), stateHash: TokenIssuer.hash(Self.random()), nonce: "",
                                        codeVerifier: "", expiresAt: Date().addingTimeInterval(Self.lifetime))
            pending.$linkUser.id = try user.requireID()
            pending.linkSubject = claims.sub
            pending.linkEmail = email
            try await pending.create(on: database)
            return .linkAsked(browserSecret: secret)
        }
        guard settings.mayMakeAccount(for: email) else { throw SignInFailure(.notInvited, "no account is made for uninvited emails") }
        do {
            _ = try await limiter.take(.registrationFrom(address: address))
        } catch let refusal as Refusal where refusal.reason == .tooMany {
            throw SignInFailure(.tooMany, "too many accounts made from the address")
        }
        // A password no one knows: the account signs in with the provider (bcrypt's cost, once).
        let user = User(email: email, passwordHash: try await passwords.hash(Self.random()), displayName: Self.displayName(of: claims, email: email))
        do {
            try await database.transaction { transaction in
                try await user.create(on: transaction)
                try await ExternalIdentity(userID: try user.requireID(), issuer: issuer, subject: claims.sub, email: email).create(on: transaction)
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw SignInFailure(.expired, "an account with the email or identity was made meanwhile")
        }
        return .signedIn(try await session(for: user))
    }

    private func session(for user: User) async throws -> AccountBook.Session {
        let (token, expiresAt) = try await TokenIssuer.issue(for: try user.requireID(), lifetime: tokenLifetime, on: database)
        return AccountBook.Session(user: user, token: token, expiresAt: expiresAt)
    }

    /// The name a new account shows: the provider's name for the person, else their
    /// username, else their email's local part; within the display name's limit.
    static func displayName(of claims: IDToken.Claims, email: String) -> String {
        let candidates = [claims.name, claims.preferredUsername, email.split(separator: "@").first.map(String.init)]
        for candidate in candidates.compactMap({ $0 }) {
            let cleaned = String(candidate.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) }.prefix(100))
            if let name = try? AccountBook.displayName(cleaned) { return name }
        }
        return "Runner"
    }

    /// 32 random bytes, base64url: a state, nonce, PKCE verifier (43 characters, as RFC 7636 asks) or browser secret.
    static func random() -> String {
        Base64URL.encode(SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) })
    }
}
