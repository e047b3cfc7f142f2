import Fluent
import Foundation

/// A sign-in with the OpenID provider under way, bound to the browser that started it:
/// the hash of the secret in its `paceline_oidc` cookie. Either sent to the provider and
/// awaiting its answer (`stateHash`, `nonce`, `codeVerifier`), or answered with an
/// identity whose email has an account here, awaiting that account's password to link
/// them (`linkUserID`, `linkSubject`). Used once, within `expiresAt`.
final class PendingSignIn: Model, @unchecked Sendable {
    static let schema = "pending_sign_ins"

    @ID(key: .id) var id: UUID?
    /// Hex SHA-256 of the browser's cookie secret.
    @Field(key: "browser_hash") var browserHash: String
    /// Hex SHA-256 of the `state` sent to the provider, unique.
    @Field(key: "state_hash") var stateHash: String
    @Field(key: "nonce") var nonce: String
    /// PKCE's verifier (RFC 7636), its S256 challenge sent to the provider.
    @Field(key: "code_verifier") var codeVerifier: String
    @Field(key: "expires_at") var expiresAt: Date
    /// The account to link once its password is given.
    @OptionalParent(key: "link_user_id") var linkUser: User?
    @OptionalField(key: "link_subject") var linkSubject: String?
    @OptionalField(key: "link_email") var linkEmail: String?

    init() {}

    init(browserHash: String, stateHash: String, nonce: String, codeVerifier: String, expiresAt: Date) {
        self.browserHash = browserHash
        self.stateHash = stateHash
        self.nonce = nonce
        self.codeVerifier = codeVerifier
        self.expiresAt = expiresAt
    }
}
