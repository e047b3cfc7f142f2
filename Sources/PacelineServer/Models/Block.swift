import Fluent
import Foundation

/// `blocker` blocked `blocked`: the blocked user sees nothing of the blocker's
/// (`Privacy`'s rule), and can't find, befriend, comment on or invite them.
final class Block: Model, @unchecked Sendable {
    static let schema = "blocks"

    @ID(key: .id) var id: UUID?
    @Parent(key: "blocker_id") var blocker: User
    @Parent(key: "blocked_id") var blocked: User
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}
