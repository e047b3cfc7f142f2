import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Uploads run on threads of their own, at a lower priority: decoding the body, reading
/// the file, measuring it and what follows are seconds of CPU for a long recording, and on
/// Swift's shared pool (one thread per core, which every other request runs on) two of
/// them left `/health` and logins waiting 14 s. Here they take what the machine has to
/// spare, and everything else answers first. An upload without an account is refused
/// before its body is read (the generated code decodes a JSON body before the handler
/// asks who sent it), so no one without an account costs the server a decoding.
struct UploadThreads: ServerMiddleware {
    /// The operations whose work runs on `UploadExecutor`.
    static let operations: Set<String> = ["uploadRun"]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard Self.operations.contains(operationID) else { return try await next(request, body, metadata) }
        _ = try AuthenticatedUser.required()
        return try await withTaskExecutorPreference(UploadExecutor.shared) {
            try await next(request, body, metadata)
        }
    }
}

/// A task executor of a few threads at a lower scheduling priority (nice 10): the jobs of
/// the tasks that prefer it run there, in the order they come.
final class UploadExecutor: TaskExecutor, @unchecked Sendable {
    /// As many threads as cores (at least two), started on first use.
    static let shared = UploadExecutor(threads: max(2, ProcessInfo.processInfo.activeProcessorCount))

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
            thread.name = "upload-\(index)"
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
