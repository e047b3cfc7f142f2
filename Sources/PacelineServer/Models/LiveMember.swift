import Fluent
import Foundation
import PacelineAPI

/// A user in a live session: invited, in the lobby, racing, finished or given up
/// (`status`, stored as the live protocol's raw value).
final class LiveMember: Model, @unchecked Sendable {
    static let schema = "live_members"

    @ID(key: .id) var id: UUID?
    @Parent(key: "session_id") var session: LiveSession
    @Parent(key: "user_id") var user: User
    @Field(key: "status") var status: LiveSessionState.Member.Status
    /// Seconds from the start to the crossing of the distance, once finished.
    @OptionalField(key: "final_seconds") var finalSeconds: Double?
    /// The run saved from the race.
    @OptionalField(key: "run_id") var runID: UUID?
    /// The last time an instance held a connection of this member in the lobby
    /// (`LiveLobbyPresence`); nil outside the lobby.
    @OptionalField(key: "seen_at") var seenAt: Date?

    init() {}

    init(sessionID: UUID, userID: UUID, status: LiveSessionState.Member.Status, seenAt: Date? = nil) {
        self.$session.id = sessionID
        self.$user.id = userID
        self.status = status
        self.seenAt = seenAt
    }
}
