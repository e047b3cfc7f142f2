import Fluent
import Foundation

/// A run on a route's leaderboard: its time from the route's start to its end.
final class RouteRun: Model, @unchecked Sendable {
    static let schema = "route_runs"

    @ID(key: .id) var id: UUID?
    @Parent(key: "route_id") var route: Route
    @Parent(key: "run_id") var run: Run
    @Parent(key: "runner_id") var runner: User
    @Field(key: "elapsed_s") var elapsedSeconds: Double
    @Field(key: "coverage") var coverage: Double
    /// When the run started.
    @Field(key: "run_date") var runDate: Date
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(routeID: UUID, runID: UUID, runnerID: UUID, elapsedSeconds: Double, coverage: Double, runDate: Date) {
        self.$route.id = routeID
        self.$run.id = runID
        self.$runner.id = runnerID
        self.elapsedSeconds = elapsedSeconds
        self.coverage = coverage
        self.runDate = runDate
    }
}
