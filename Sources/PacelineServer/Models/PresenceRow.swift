import Fluent
import Foundation
import PacelineAPI
import PacelineCore

/// A user recording or in a live session now, as their app last said (`Presence`).
final class PresenceRow: Model, @unchecked Sendable {
    static let schema = "presence"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "state") var state: Components.Schemas.PresenceState
    @OptionalField(key: "sport") var sport: Sport?
    /// When this state began (kept while the app keeps saying it).
    @Field(key: "since") var since: Date
    /// Two minutes after the app last said it.
    @Field(key: "expires_at") var expiresAt: Date

    init() {}
}
