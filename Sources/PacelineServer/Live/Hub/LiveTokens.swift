import Fluent
import Foundation

/// The bearer tokens live connections hold, looked up by their SHA-256 many at a time
/// (`tokens.token_hash` is unique, so each is one index probe).
enum LiveTokens {
    /// The user and expiry of each of `hashes` that is a stored token with full scope (a
    /// personal token for reading or uploading opens no live connection).
    ///
    /// - Complexity: one query joining `users`.
    static func users(bearing hashes: Set<String>, on database: any Database) async throws -> [String: (User, expiresAt: Date)] {
        guard !hashes.isEmpty else { return [:] }
        let tokens = try await Token.query(on: database).join(User.self, on: \Token.$user.$id == \User.$id)
            .filter(\.$tokenHash ~~ hashes).filter(\.$scope == .full).all()
        var found: [String: (User, expiresAt: Date)] = [:]
        for token in tokens { found[token.tokenHash] = (try token.joined(User.self), token.expiresAt) }
        return found
    }

    /// Those of `hashes` that still sign a connection in: stored tokens not expired at `now`,
    /// and the stand-ins of connections a trusted proxy's header signed in
    /// (`TrustedUserHeader.tokenHash(of:)`) whose account is there and not suspended.
    ///
    /// - Complexity: one query per `LiveAuthenticator.tokensPerQuery` hashes of each kind.
    static func unexpired(_ hashes: [String], on database: any Database, now: Date = Date()) async throws -> Set<String> {
        let byProxy = hashes.filter { TrustedUserHeader.user(ofTokenHash: $0) != nil }
        var valid = try await signedInByProxy(byProxy, on: database)
        let hashes = hashes.filter { TrustedUserHeader.user(ofTokenHash: $0) == nil }
        for start in stride(from: 0, to: hashes.count, by: LiveAuthenticator.tokensPerQuery) {
            let batch = hashes[start..<min(start + LiveAuthenticator.tokensPerQuery, hashes.count)]
            valid.formUnion(try await Token.query(on: database).filter(\.$tokenHash ~~ Array(batch)).filter(\.$expiresAt > now)
                .filter(\.$scope == .full)
                .all(\.$tokenHash))
        }
        return valid
    }

    /// Those of `hashes` (stand-ins of connections a trusted proxy signed in) whose account
    /// is there and not suspended: a suspended account's connections close as its tokens do.
    private static func signedInByProxy(_ hashes: [String], on database: any Database) async throws -> Set<String> {
        var valid: Set<String> = []
        for start in stride(from: 0, to: hashes.count, by: LiveAuthenticator.tokensPerQuery) {
            let batch = hashes[start..<min(start + LiveAuthenticator.tokensPerQuery, hashes.count)]
            let users = try await User.query(on: database).filter(\.$id ~~ batch.compactMap(TrustedUserHeader.user(ofTokenHash:)))
                .filter(\.$suspendedAt == nil).all(\.$id)
            valid.formUnion(users.map(TrustedUserHeader.tokenHash(of:)))
        }
        return valid
    }
}
