import Fluent
import Foundation

/// An account at an OpenID provider that signs a user in here: the provider (`issuer`)
/// and its subject (`sub`, the provider's lasting id for the person; an email can change
/// hands, a subject does not). One per (issuer, subject).
final class ExternalIdentity: Model, @unchecked Sendable {
    static let schema = "external_identities"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "issuer") var issuer: String
    @Field(key: "subject") var subject: String
    /// The email the provider gave when the identity was linked (shown in the profile).
    @OptionalField(key: "email") var email: String?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(userID: UUID, issuer: String, subject: String, email: String?) {
        self.$user.id = userID
        self.issuer = issuer
        self.subject = subject
        self.email = email
    }
}
