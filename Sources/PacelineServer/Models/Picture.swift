import Fluent
import Foundation

/// A picture the loaded data names by its address (a mission stage's photo, a plaque's),
/// fetched once by the instance (`PictureFetching`) and served from it, so the browser
/// loads no image from another host. One row per address (a unique index), kept in the
/// database like an activity's original, so every instance and every backup has it.
final class Picture: Model, @unchecked Sendable {
    static let schema = "pictures"

    /// Where a picture stands.
    enum State: String, Codable, Sendable {
        /// To fetch, from `nextAttemptAt`.
        case waiting
        /// Fetched: `bytes` and `contentType` hold it.
        case fetched
        /// Every attempt failed (`PictureFetching.maximumAttempts`); the app links to it.
        case failed
    }

    @ID(key: .id) var id: UUID?
    /// The address the data names, as it names it (at most `PictureSource.maximumLength`).
    @Field(key: "url") var url: String
    @Field(key: "state") var state: State
    /// Attempts made so far.
    @Field(key: "attempts") var attempts: Int
    /// When it may next be claimed: a claim moves it on by `PictureFetching.claimLease`.
    @Field(key: "next_attempt_at") var nextAttemptAt: Date
    /// Why the last attempt failed, for the operator.
    @OptionalField(key: "last_error") var lastError: String?
    /// image/jpeg, image/png or image/webp, from the bytes' own signature.
    @OptionalField(key: "content_type") var contentType: String?
    @OptionalField(key: "bytes") var bytes: Data?
    /// Hex SHA-256 of `bytes` (the ETag's).
    @OptionalField(key: "sha256") var sha256: String?
    @OptionalField(key: "fetched_at") var fetchedAt: Date?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}
