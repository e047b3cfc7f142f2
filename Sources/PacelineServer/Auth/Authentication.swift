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

    @TaskLocal static var current: AuthenticatedUser?

    /// The request's user, or 401.
    static func required() throws -> AuthenticatedUser {
        guard let current else { throw APIError.unauthorized() }
        return current
    }
}

/// Resolves `Authorization: Bearer <token>` to a user before an operation runs. A missing
/// token leaves the request anonymous (operations that need a user refuse it); a token
/// that is unknown, revoked or expired is refused at once with 401.
struct Authentication: ServerMiddleware {
    let database: any Database

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let header = request.headerFields[.authorization] else {
            return try await next(request, body, metadata)
        }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw APIError.unauthorized("the Authorization header must be `Bearer <token>`")
        }
        let user = try await Self.user(bearing: String(parts[1]).trimmingCharacters(in: .whitespaces), on: database)
        return try await AuthenticatedUser.$current.withValue(user) {
            try await next(request, body, metadata)
        }
    }

    /// The user `token` logs in, or 401 when it is unknown, revoked or expired. The live
    /// connection's `hello` checks its token here too.
    static func user(bearing token: String, on database: any Database) async throws -> AuthenticatedUser {
        let hash = TokenIssuer.hash(token)
        guard let stored = try await Token.query(on: database).filter(\.$tokenHash == hash).first() else {
            throw APIError.unauthorized("the token is unknown or was revoked; log in again")
        }
        guard stored.expiresAt > Date() else {
            throw APIError.unauthorized("the token expired; log in again")
        }
        return AuthenticatedUser(id: stored.$user.id, tokenHash: hash)
    }
}
