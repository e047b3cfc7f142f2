import Crypto
import Fluent
import Foundation

/// Makes bearer tokens: `pl_` and 32 random bytes in URL-safe base64; the database keeps
/// only hashes. The prefix names the token in a leaked log, and keeps it from starting with
/// `-`, which a command line (`paceline import --token …`) would read as an option.
package enum TokenIssuer {
    /// Issues a token for `userID` valid for `lifetime`; returns the token and its expiry.
    static func issue(for userID: UUID, lifetime: TimeInterval, on database: any Database) async throws -> (String, Date) {
        let token = newToken()
        let expiresAt = Date().addingTimeInterval(lifetime)
        try await Token(userID: userID, tokenHash: hash(token), expiresAt: expiresAt).create(on: database)
        try await Token.query(on: database).filter(\.$user.$id == userID).filter(\.$expiresAt < Date()).delete()
        return (token, expiresAt)
    }

    /// A new random secret (not stored): `prefix` (`pl_` for a sign-in token, `bc_` for a
    /// live link's address) and 32 random bytes in URL-safe base64.
    package static func newToken(prefix: String = "pl_") -> String {
        prefix + Base64URL.encode(SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) })
    }

    /// Hex SHA-256 of a token.
    package static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
