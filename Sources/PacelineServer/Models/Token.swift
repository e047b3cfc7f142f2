import Fluent
import Foundation

/// A bearer token. Only its SHA-256 is stored, so a copy of the database logs no one in.
package final class Token: Model, @unchecked Sendable {
    package static let schema = "tokens"

    @ID(key: .id) package var id: UUID?
    @Parent(key: "user_id") var user: User
    /// Hex SHA-256 of the token, unique.
    @Field(key: "token_hash") var tokenHash: String
    @Field(key: "expires_at") var expiresAt: Date
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    package init() {}

    package init(userID: UUID, tokenHash: String, expiresAt: Date) {
        self.$user.id = userID
        self.tokenHash = tokenHash
        self.expiresAt = expiresAt
    }
}
