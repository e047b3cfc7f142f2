import Foundation
import Logging
import Synchronization
import Vapor

/// Deletes ended attempt counts every hour (`AttemptLimiter.forgetEnded`), so addresses
/// and emails tried once do not stay in the table for ever; stops with the application.
final class AttemptCountSweeper: LifecycleHandler, Sendable {
    static let interval: TimeInterval = 60 * 60
    private let loop: Mutex<Task<Void, Never>?>

    init(limiter: AttemptLimiter, logger: Logger) {
        loop = Mutex(repeating(every: Self.interval) {
            do {
                try await limiter.forgetEnded()
            } catch {
                logger.error("ended attempt counts not deleted: \(String(reflecting: error))")
            }
        })
    }

    func shutdownAsync(_ application: Application) async {
        let task = loop.withLock { task in defer { task = nil }; return task }
        task?.cancel()
        await task?.value
    }
}
