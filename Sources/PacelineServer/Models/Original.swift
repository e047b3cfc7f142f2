import Fluent
import Foundation
import PacelineCore

/// A file as its owner sent it: an upload's bytes exactly as received (a file, a form's
/// file part, the app's JSON body), or a live race's or follow's fixes as the phone sent
/// them. Kept gzipped, once per owner and SHA-256 (a unique index), whichever runs it made
/// (`Run.originalID`); its owner's alone, as it holds all that privacy zones hide from others.
final class Original: Model, @unchecked Sendable {
    static let schema = "originals"

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    /// Hex SHA-256 of the bytes as received.
    @Field(key: "sha256") var sha256: String
    @Field(key: "format") var format: RunOrigin
    /// How many bytes were received.
    @Field(key: "byte_count") var byteCount: Int
    /// Whether `bytes` is the server's gzip of what was received; false when what was
    /// received was gzip already (a `.gpx.gz`), kept as it came.
    @Field(key: "compressed") var compressed: Bool
    /// gzip, always: the server's of the bytes received, or the bytes received themselves.
    @Field(key: "bytes") var bytes: Data
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}
