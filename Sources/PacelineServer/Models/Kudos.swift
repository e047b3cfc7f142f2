import Fluent
import Foundation

/// One person's kudos on one activity.
final class Kudos: Model, @unchecked Sendable {
    static let schema = "kudos"

    @ID(key: .id) var id: UUID?
    @Parent(key: "run_id") var run: Run
    @Parent(key: "giver_id") var giver: User
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}
