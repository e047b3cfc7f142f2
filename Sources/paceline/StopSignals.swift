import Foundation

/// SIGINT (Ctrl-C) and SIGTERM (`systemctl stop`) asking `paceline sync` to stop: it
/// finishes the file it is sending, keeps its state and exits. A second signal stops it at
/// once (the state is kept after every file anyway).
final class StopSignals: @unchecked Sendable {
    private let lock = NSLock()
    private var asked = false
    private var sources: [any DispatchSourceSignal] = []

    /// Listens for both signals from now on, ringing `doorbell` at the first.
    init(ringing doorbell: Doorbell) {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                lock.lock()
                let again = asked
                asked = true
                lock.unlock()
                if again { exit(128 + number) }
                doorbell.ring()
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Whether a stop was asked for.
    var requested: Bool {
        lock.lock()
        defer { lock.unlock() }
        return asked
    }
}
