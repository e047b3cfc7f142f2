import Fluent
import Foundation

/// A browser's Web Push subscription: where its push service takes messages for it, and
/// the keys its payloads are encrypted with (`PushEncryption`).
final class PushSubscriptionRow: Model, @unchecked Sendable {
    static let schema = "push_subscriptions"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    /// Checked by `PushEndpoint` when made and before each push.
    @Field(key: "endpoint") var endpoint: String
    /// The browser's P-256 public key, base64url of its 65 bytes.
    @Field(key: "p256dh") var browserKey: String
    /// The browser's authentication secret, base64url of its 16 bytes.
    @Field(key: "auth") var authSecret: String
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}
