import Foundation
import Synchronization

/// Bounds a load run's steps in time whatever the server does.
enum LiveLoadDeadline {
    /// A step that did not finish by its deadline.
    struct Missed: Error, CustomStringConvertible {
        var what: String
        var description: String { "\(what) did not finish in time" }
    }

    /// `operation`'s result, or `Missed` once `deadline` passes. An operation still
    /// running then is left to end on its own (the run closes its sockets afterwards).
    static func run<Value: Sendable>(until deadline: Date, _ what: String,
                                     _ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            let resumed = Mutex(false)
            let finish: @Sendable (Result<Value, any Error>) -> Void = { result in
                if resumed.withLock({ let first = !$0; $0 = true; return first }) { continuation.resume(with: result) }
            }
            let work = Task {
                do { finish(.success(try await operation())) } catch { finish(.failure(error)) }
            }
            Task {
                try? await Task.sleep(for: .seconds(max(0, deadline.timeIntervalSinceNow)))
                work.cancel()
                finish(.failure(Missed(what: what)))
            }
        }
    }
}
