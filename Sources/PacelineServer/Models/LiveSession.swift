import Fluent
import Foundation
import PacelineCore

/// A live session: friends racing to a set distance together, each from where they are.
/// Its lobby, start instant and results live here, so every server instance sees the same.
final class LiveSession: Model, @unchecked Sendable {
    static let schema = "live_sessions"

    @ID(key: .id) var id: UUID?
    @Parent(key: "host_id") var host: User
    /// The 4-digit join code; nil once it expired or the race started.
    @OptionalField(key: "code") var code: String?
    @OptionalField(key: "code_expires_at") var codeExpiresAt: Date?
    @Field(key: "distance_m") var distanceMeters: Double
    @Field(key: "sport") var sport: Sport
    /// The synchronised start (GO); nil while in the lobby.
    @OptionalField(key: "starts_at") var startsAt: Date?
    /// When results were made; nil while the race goes on.
    @OptionalField(key: "finished_at") var finishedAt: Date?
    /// The walk invitation the session came from, if any.
    @OptionalField(key: "invitation_id") var invitationID: UUID?
    /// `LiveResults` as JSON, once finished.
    @OptionalField(key: "results") var results: String?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}
