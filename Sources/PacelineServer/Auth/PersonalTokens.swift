import Fluent
import Foundation

/// Personal access tokens: made by their owner for another app (a phone's GPS logger, a
/// watch's sync, a script), each with a name, a scope (`TokenScope`) and an optional expiry;
/// shown once when made, kept as a hash as every token is, listed with when each was last
/// used, and revoked one by one. Changing the password revokes them with every sign-in.
enum PersonalTokens {
    /// The most a user keeps.
    static let maximumCount = 20
    /// The longest expiry that may be asked for, days; none means it does not expire.
    static let longestDays = 3_650
    /// When a token that does not expire expires: far beyond any use, stored as any date.
    static let never = Date(timeIntervalSince1970: 253_402_214_400)  // 9999-12-31
    /// How often a token's last use is written: once a minute at most, not at every request.
    static let usePrecision: TimeInterval = 60

    /// `owner`'s personal tokens, newest first.
    static func list(of owner: UUID, on database: any Database) async throws -> [Token] {
        try await Token.query(on: database).filter(\.$user.$id == owner).filter(\.$name != nil)
            .sort(\.$createdAt, .descending).sort(\.$id).all()
    }

    /// Makes a token named `name` with `scope` for `owner`, expiring after `days` (never
    /// when nil): the token itself, which is shown this once, and its row.
    /// - Throws: 400 for a name empty or past 100 characters, or days outside 1…3,650;
    ///   409 `too_many_tokens` past `maximumCount` (counted under the owner's lock).
    static func make(named name: String, scope: TokenScope, days: Int?, for owner: UUID,
                     on database: any Database) async throws -> (secret: String, token: Token) {
        let name = try TextInput.checked(name.trimmingCharacters(in: .whitespacesAndNewlines), "name", .displayName)
        guard !name.isEmpty else { throw Refusal.invalid("`name` is empty: say which app the token is for") }
        if let days, !(1...longestDays).contains(days) {
            throw Refusal.invalid("`expiresInDays` must be 1 to \(longestDays), or absent for a token that does not expire")
        }
        let secret = TokenIssuer.newToken(prefix: "plp_")
        let token = Token(userID: owner, tokenHash: TokenIssuer.hash(secret),
                          expiresAt: days.map { Date().addingTimeInterval(Double($0) * 86_400) } ?? never)
        token.name = name
        token.scope = scope
        try await database.lockingUser(owner) { transaction in
            guard try await Token.query(on: transaction).filter(\.$user.$id == owner).filter(\.$name != nil).count() < maximumCount else {
                throw Refusal(.conflict, code: "too_many_tokens",
                              message: "you have \(maximumCount) tokens for other apps: revoke one you no longer use first")
            }
            try await token.create(on: transaction)
        }
        return (secret, token)
    }

    /// Revokes `owner`'s personal token `id`; 404 for anyone else's, a sign-in, or none.
    /// - Returns: its hash, whose live connections the caller closes.
    @discardableResult
    static func revoke(_ id: String, of owner: UUID, on database: any Database) async throws -> String {
        guard let uuid = UUID(uuidString: id),
              let token = try await Token.query(on: database).filter(\.$id == uuid).filter(\.$user.$id == owner)
                .filter(\.$name != nil).first()
        else { throw Refusal.notFound("token") }
        try await token.delete(on: database)
        return token.tokenHash
    }

    /// Notes that `token` signed a request in at `now`: one statement, writing only when the
    /// last use noted is a minute old or more, so a busy token costs a write a minute.
    static func noteUse(of token: Token, at now: Date, on database: any Database) async throws {
        if let last = token.lastUsedAt, now.timeIntervalSince(last) < usePrecision { return }
        try await Token.query(on: database).filter(\.$id == token.requireID())
            .group(.or) { $0.filter(\.$lastUsedAt == nil).filter(\.$lastUsedAt < now.addingTimeInterval(-usePrecision)) }
            .set(\.$lastUsedAt, to: now).update()
    }
}
