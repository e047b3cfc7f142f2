import Fluent
import SQLKit

/// `external_identities`: the OpenID provider accounts users sign in with, one per
/// (issuer, subject), found by their user for the profile. `pending_sign_ins`: sign-ins
/// with the provider under way (`PendingSignIn`), found by state or by browser, and
/// swept by expiry.
struct CreateExternalIdentities: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ExternalIdentity.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("issuer", .string, .required)
            .field("subject", .string, .required)
            .field("email", .string)
            .field("created_at", .datetime)
            .unique(on: "issuer", "subject")
            .create()
        try await database.sql.raw("CREATE INDEX external_identities_user ON external_identities (user_id)").run()
        try await database.schema(PendingSignIn.schema)
            .id()
            .field("browser_hash", .string, .required)
            .field("state_hash", .string, .required)
            .field("nonce", .string, .required)
            .field("code_verifier", .string, .required)
            .field("expires_at", .datetime, .required)
            .field("link_user_id", .uuid, .references(User.schema, "id", onDelete: .cascade))
            .field("link_subject", .string)
            .field("link_email", .string)
            .unique(on: "state_hash")
            .create()
        try await database.sql.raw("CREATE INDEX pending_sign_ins_browser ON pending_sign_ins (browser_hash)").run()
        try await database.sql.raw("CREATE INDEX pending_sign_ins_expiry ON pending_sign_ins (expires_at)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PendingSignIn.schema).delete()
        try await database.schema(ExternalIdentity.schema).delete()
    }
}
