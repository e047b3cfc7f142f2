import Fluent
import Foundation

/// A run in progress following a route's pace over the live connection. Its fixes are
/// kept as `LiveFixChunk`s, so it survives a dropped connection and a server restart.
final class LiveFollow: Model, @unchecked Sendable {
    static let schema = "live_follows"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Parent(key: "route_id") var route: Route
    @Parent(key: "pace_run_id") var paceRun: Run
    /// The run saved when the follow finished; nil while it goes on.
    @OptionalField(key: "run_id") var runID: UUID?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}
