import Fluent
import Foundation
import Logging
import Synchronization
import Vapor

/// Settles the club challenges marked changed (`ChallengeFinishers.settleChanged`): each
/// instance looks every `interval`, with a read of the changed index first, so an idle
/// instance writes nothing; a challenge is settled by one instance a mark. A finisher's
/// badge is thus stored within about `interval` of the upload that made it; the standings
/// themselves are read live and move at once.
package final class ChallengeSettler: LifecycleHandler, Sendable {
    /// How often each instance looks, seconds.
    static let interval: TimeInterval = 2
    private let loop = Mutex<Task<Void, Never>?>(nil)
    private let database: any Database
    private let logger: Logger

    init(database: any Database, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    package func didBootAsync(_ application: Application) async throws {
        loop.withLock { $0 = repeating(every: Self.interval) { [self] in
            do {
                try await ChallengeFinishers.settleChanged(on: database)
            } catch is CancellationError {
            } catch {
                logger.error("challenges not settled: \(String(reflecting: error))")
            }
        } }
    }

    package func shutdownAsync(_ application: Application) async {
        let task = loop.withLock { task in defer { task = nil }; return task }
        task?.cancel()
        await task?.value
    }
}
