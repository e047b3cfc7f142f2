import Crypto
import Fluent
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// The user a request is authenticated as, for the duration of its operation.
struct AuthenticatedUser: Sendable {
    let id: UUID
    /// The SHA-256 of the token the request carried, to revoke it on log out.
    let tokenHash: String
    /// How the request carried its token.
    var credential: Credential = .bearer
    /// What the token may do (`full` for a sign-in).
    var scope: TokenScope = .full
    /// Whether the token is a personal access token, made for another app (`PersonalTokens`).
    var isPersonal = false

    /// Where a request's token came from.
    enum Credential: Sendable {
        /// `Authorization: Bearer` (the CLI and API clients).
        case bearer
        /// The web app's `paceline_session` cookie (`WebSessionCookie`).
        case sessionCookie
        /// The `token` query parameter, for an app that can set nothing but an address
        /// (`AppTokenParameter`).
        case queryParameter
        /// The header a trusted proxy sets naming who signed in there (`TrustedUserHeader`).
        case trustedHeader
    }

    @TaskLocal static var current: AuthenticatedUser?

    /// The request's user, or 401.
    static func required() throws -> AuthenticatedUser {
        guard let current else { throw Refusal.unauthenticated() }
        return current
    }
}

/// Resolves the request's token to a user before an operation runs: `Authorization:
/// Bearer <token>` first, then an upload's `token` query parameter (`AppTokenParameter`),
/// then a trusted proxy's header naming an account (`TrustedUserHeader`, when the instance
/// has one), else the web app's session cookie. A missing token leaves the
/// request anonymous (operations that need a user refuse it); a bearer token that is
/// unknown, revoked or expired is refused at once with 401, while such a cookie is ignored
/// (so a browser holding a stale one can still log in). A request signed in by the cookie
/// that changes something (POST, PUT, PATCH, DELETE) must come from this site's own pages
/// (`SiteOrigin`), else 403 `csrf`. A token narrower than `full` (`TokenScope`) is refused
/// any operation outside its scope with 403 `token_scope`, before the operation runs.
struct Authentication: ServerMiddleware {
    let database: any Database
    let site: SiteOrigin
    /// The header a trusted proxy names the user in; nil: none is read.
    var trustedHeader: TrustedUserHeader?

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let user: AuthenticatedUser?
        if let header = request.headerFields[.authorization] {
            let parts = header.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else {
                throw Refusal.unauthenticated("the Authorization header must be `Bearer <token>`")
            }
            user = try await Self.user(bearing: String(parts[1]).trimmingCharacters(in: .whitespaces), on: database)
        } else if let token = try AppTokenParameter.token(in: request, for: operationID) {
            user = try await AppTokenParameter.user(bearing: token, on: database)
        } else if let trustedHeader, case let values = Self.values(of: trustedHeader.name, in: request), !values.isEmpty {
            // The proxy's word: its account, or no one (never an older cookie's).
            if let named = try await trustedHeader.user(named: values, on: database) {
                if Self.changesState(request.method) {
                    try site.verifyCurrentRequest()
                }
                let id = try named.requireID()
                user = AuthenticatedUser(id: id, tokenHash: TrustedUserHeader.tokenHash(of: id), credential: .trustedHeader)
            } else {
                user = nil
            }
        } else if let token = WebSessionCookie.token(inCookieHeaders: request.headerFields[values: .cookie]) {
            if Self.changesState(request.method) {
                try site.verifyCurrentRequest()
            }
            user = try await Self.user(bearingCookie: token, on: database)
        } else {
            user = nil
        }
        guard let user else { return try await next(request, body, metadata) }
        RequestUser.current?.note(user.id)
        guard user.scope.allows(operationID, method: request.method) else { throw user.scope.refusal }
        return try await AuthenticatedUser.$current.withValue(user) {
            try await next(request, body, metadata)
        }
    }

    /// The values of the header `name` in `request`.
    private static func values(of name: String, in request: HTTPRequest) -> [String] {
        HTTPField.Name(name).map { request.headerFields[values: $0] } ?? []
    }

    /// Whether a request with `method` may change something (what a cross-site page must
    /// not make a browser send with its cookie).
    static func changesState(_ method: HTTPRequest.Method) -> Bool {
        ![.get, .head, .options].contains(method)
    }

    /// The user the session cookie's `token` logs in, or nil when it logs no one in.
    private static func user(bearingCookie token: String, on database: any Database) async throws -> AuthenticatedUser? {
        do {
            var user = try await user(bearing: token, on: database)
            user.credential = .sessionCookie
            return user
        } catch let error as Refusal where error.reason == .unauthenticated {
            return nil
        }
    }

    /// The user `token` logs in, or 401 when it is unknown, revoked or expired. The live
    /// connection's `hello` checks its token here too.
    static func user(bearing token: String, on database: any Database) async throws -> AuthenticatedUser {
        let hash = TokenIssuer.hash(token)
        guard let stored = try await Token.query(on: database).filter(\.$tokenHash == hash).first() else {
            throw Refusal.unauthenticated("the token is unknown or was revoked; log in again")
        }
        let now = Date()
        guard stored.expiresAt > now else {
            throw Refusal.unauthenticated(stored.name == nil ? "the token expired; log in again"
                                          : "the token “\(stored.name ?? "")” expired; make another in Profile › Connected apps")
        }
        // Best effort: a busy database fails no request for the sake of this note.
        if stored.name != nil { try? await PersonalTokens.noteUse(of: stored, at: now, on: database) }
        return AuthenticatedUser(id: stored.$user.id, tokenHash: hash, scope: stored.scope, isPersonal: stored.name != nil)
    }
}
