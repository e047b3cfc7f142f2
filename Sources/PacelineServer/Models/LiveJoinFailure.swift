import Fluent
import Foundation

/// A join code that matched no open session: too many in a window and the user may not
/// try codes for a while, so guessing 4 digits is useless.
final class LiveJoinFailure: Model, @unchecked Sendable {
    static let schema = "live_join_failures"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "at") var at: Date

    init() {}

    init(userID: UUID, at: Date) {
        self.userID = userID
        self.at = at
    }
}
