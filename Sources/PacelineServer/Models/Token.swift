import Fluent
import Foundation

/// A bearer token. Only its SHA-256 is stored, so a copy of the database logs no one in. A
/// sign-in has no name and full scope; a personal access token (`PersonalTokens`) has the
/// name its owner gave it, a scope, and when it was last used.
package final class Token: Model, @unchecked Sendable {
    package static let schema = "tokens"

    @ID(key: .id) package var id: UUID?
    @Parent(key: "user_id") var user: User
    /// Hex SHA-256 of the token, unique.
    @Field(key: "token_hash") var tokenHash: String
    @Field(key: "expires_at") var expiresAt: Date
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    /// A personal access token's name ("GPSLogger on my phone"); nil for a sign-in.
    @OptionalField(key: "name") var name: String?
    @Field(key: "scope") var scope: TokenScope
    /// When a personal access token last signed a request in (to the minute).
    @OptionalField(key: "last_used_at") var lastUsedAt: Date?

    package init() {}

    package init(userID: UUID, tokenHash: String, expiresAt: Date) {
        self.$user.id = userID
        self.tokenHash = tokenHash
        self.expiresAt = expiresAt
        self.scope = .full
    }
}
