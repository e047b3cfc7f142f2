import Foundation

/// What wakes `paceline sync` between looks at its folders: anything may ring it (inotify
/// telling of a change, a signal to stop), from any thread; a ring while nobody waits is
/// kept for the next wait.
final class Doorbell: @unchecked Sendable {
    private let lock = NSLock()
    private var rung = false
    private var waiter: CheckedContinuation<Void, Never>?
    /// Counts waits, so that a wait's timer can't end a later one.
    private var waits = 0

    func ring() {
        lock.lock()
        guard let waiter else {
            rung = true
            lock.unlock()
            return
        }
        self.waiter = nil
        lock.unlock()
        waiter.resume()
    }

    /// Returns at the first ring since the last wait returned, or after `seconds`.
    func wait(upTo seconds: Double) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if rung {
                rung = false
                lock.unlock()
                continuation.resume()
                return
            }
            waiter = continuation
            waits += 1
            let wait = waits
            lock.unlock()
            DispatchQueue.global().asyncAfter(deadline: .now() + max(seconds, 0)) { [self] in
                lock.lock()
                guard waits == wait, let waiter else {
                    lock.unlock()
                    return
                }
                self.waiter = nil
                lock.unlock()
                waiter.resume()
            }
        }
    }
}
