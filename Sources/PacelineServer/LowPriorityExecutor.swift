import Foundation

/// A task executor of a few threads at a lower scheduling priority (nice 10): the jobs of
/// the tasks that prefer it run there, in the order they come. What takes seconds of CPU
/// and no one waits for at once runs here (uploads: `UploadThreads`; measuring stored runs
/// again: `RunRemeasuring`), so that every other request answers first.
final class LowPriorityExecutor: TaskExecutor, @unchecked Sendable {
    /// As many threads as cores (at least two), started on first use.
    static let shared = LowPriorityExecutor(threads: max(2, ProcessInfo.processInfo.activeProcessorCount))

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init(threads: Int) {
        for index in 0..<threads {
            let thread = Thread { [unowned self] in
                #if os(Linux)
                // On Linux a nice value is the calling thread's own (who 0), not the process's.
                setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
                #else
                Thread.current.threadPriority = 0.25
                #endif
                self.work()
            }
            thread.name = "low-priority-\(index)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs jobs as they come, for as long as the process lives.
    private func work() -> Never {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
