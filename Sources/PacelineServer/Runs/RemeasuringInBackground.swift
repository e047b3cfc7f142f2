import Fluent
import Foundation
import Logging
import PacelineCore
import Synchronization
import Vapor

/// After an upgrade that changed a rule (`AnalysisRules`), the server measures the runs
/// stored before again by itself, in the background, while it serves: on threads of low
/// priority (`LowPriorityExecutor`), a page at a time (`RunRemeasuring`), with a progress
/// line in the log every 10 s and the number left as a gauge in /metrics. Stops with the
/// application; what is left is done at the next start (or by `paceline reprocess`).
final class RemeasuringInBackground: LifecycleHandler, Sendable {
    /// Runs left to measure again, for /metrics (-1 until counted).
    var left: Int { count.withLock { $0 } }
    private let count = Mutex(-1)
    private let task = Mutex<Task<Void, Never>?>(nil)
    private let database: any Database
    private let logger: Logger

    init(database: any Database, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    func didBootAsync(_ application: Application) async throws {
        task.withLock { $0 = Task {
            await withTaskExecutorPreference(LowPriorityExecutor.shared) { await self.remeasure() }
        } }
    }

    func shutdownAsync(_ application: Application) async {
        let running = task.withLock { task in defer { task = nil }; return task }
        running?.cancel()
        await running?.value
    }

    private func remeasure() async {
        do {
            let outdated = try await RunRemeasuring.outdated(on: database)
            count.withLock { $0 = outdated }
            guard outdated > 0 else { return }
            logger.notice("\(outdated) runs were measured by older rules; measuring them again with today's (rules \(AnalysisRules.version)) while serving")
            let started = Date()
            var said = Date()
            let done = try await RunRemeasuring.all(on: database) { progress in
                self.count.withLock { $0 = max(0, outdated - progress.done) }
                guard Date().timeIntervalSince(said) >= 10 else { return }
                said = Date()
                logger.notice("\(RemeasuringReport.line(progress, of: outdated, since: started))")
            }
            count.withLock { $0 = 0 }
            logger.notice("\(RemeasuringReport.line(done, of: outdated, since: started))")
        } catch is CancellationError {
        } catch {
            logger.error("measuring runs again stopped: \(String(reflecting: error)); the next start goes on")
        }
    }
}

/// The progress line of measuring runs again, for the log and `paceline reprocess`.
package enum RemeasuringReport {
    package static func line(_ progress: RunRemeasuring.Progress, of total: Int, since started: Date) -> String {
        let seconds = max(Date().timeIntervalSince(started), 0.001)
        var line = "measured \(progress.done) of \(total) runs again in \(Int(seconds)) s (\(Int((Double(progress.done) / seconds).rounded())) a second)"
        if progress.fromStoredTrack > 0 { line += "; \(progress.fromStoredTrack) from their stored track, as no original was kept" }
        if progress.keptAsTheyWere > 0 { line += "; \(progress.keptAsTheyWere) kept as they were, as today's rules find no run in them" }
        return line
    }
}
