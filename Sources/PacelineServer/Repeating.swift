import Foundation

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
