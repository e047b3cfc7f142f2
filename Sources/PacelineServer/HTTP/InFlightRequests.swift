import Synchronization
import Vapor

/// Counts the requests being answered, so that a shutdown closes the database only once
/// they are done (10 s at most). A request goes on after its client has gone (a timeout,
/// a closed tab); touching the database after it closed stopped the whole process.
final class InFlightRequests: AsyncMiddleware, LifecycleHandler {
    /// The longest a shutdown waits for requests.
    static let patience: Duration = .seconds(10)

    private let count = Atomic<Int>(0)

    /// The requests being answered now.
    var current: Int { count.load(ordering: .relaxed) }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        count.add(1, ordering: .relaxed)
        defer { count.subtract(1, ordering: .relaxed) }
        return try await next.respond(to: request)
    }

    /// Waits for the requests in flight. Registered after the databases, so it runs
    /// before they close.
    func shutdownAsync(_ application: Application) async {
        let deadline = ContinuousClock.now + Self.patience
        while count.load(ordering: .relaxed) > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }
}
