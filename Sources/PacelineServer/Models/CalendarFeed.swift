import Fluent
import Foundation

/// A user's private calendar feed: the secret in its address, one per user (unique),
/// kept as it is (the user is shown the address again), and replaced to void the old one.
final class CalendarFeed: Model, @unchecked Sendable {
    static let schema = "calendar_feeds"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    /// 256 random bits in URL-safe base64 after `cf_`; unique.
    @Field(key: "secret") var secret: String
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}
