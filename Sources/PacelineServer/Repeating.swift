import Foundation
import Logging
import Synchronization
import Vapor

/// Runs `work` every `interval` seconds until the task is cancelled. Cancelling ends the
/// wait at once and with it the loop, without one more round of `work` (which, at
/// shutdown, would reach a database already closing).
func repeating(every interval: TimeInterval, _ work: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
    Task {
        while (try? await Task.sleep(for: .seconds(interval))) != nil {
            await work()
        }
    }
}

/// What each instance does every `interval` from boot to shutdown (`repeating`): a round
/// that fails is logged, saying `failing` ("challenges not settled"), and the next one
/// comes; shutdown ends the wait and waits for a round under way.
package final class RepeatingWork: LifecycleHandler, Sendable {
    private let loop = Mutex<Task<Void, Never>?>(nil)
    private let interval: TimeInterval
    private let failing: String
    private let logger: Logger
    private let work: @Sendable () async throws -> Void

    init(every interval: TimeInterval, failing: String, logger: Logger, _ work: @escaping @Sendable () async throws -> Void) {
        self.interval = interval
        self.failing = failing
        self.logger = logger
        self.work = work
    }

    package func didBootAsync(_ application: Application) async throws {
        loop.withLock { $0 = repeating(every: interval) { [self] in
            do {
                try await work()
            } catch is CancellationError {
            } catch {
                logger.error("\(failing): \(String(reflecting: error))")
            }
        } }
    }

    package func shutdownAsync(_ application: Application) async {
        let task = loop.withLock { task in defer { task = nil }; return task }
        task?.cancel()
        await task?.value
    }
}
