import Foundation
import NIOCore
import Synchronization
import Vapor

/// Every live socket this instance holds, signed in or not yet, so a shutdown can close
/// them all at once. A socket that has not said hello is in no session and no registry,
/// yet the HTTP server waits for it to close: without this, a shutdown waited out each
/// one's hello deadline (10 s).
final class OpenSockets: Sendable {
    private struct State {
        var sockets: [ObjectIdentifier: WebSocket] = [:]
        /// `closeAll` has begun: a socket attached since (its upgrade was under way) is
        /// closed at once.
        var closing = false
    }

    private let state = Mutex(State())

    /// Holds `socket` until it closes; closes it at once when the instance is stopping.
    func insert(_ socket: WebSocket) {
        let id = ObjectIdentifier(socket)
        let closing = state.withLock { state in
            if !state.closing { state.sockets[id] = socket }
            return state.closing
        }
        if closing {
            socket.close(code: .goingAway, promise: nil)
            return
        }
        socket.onClose.whenComplete { [weak self] _ in _ = self?.state.withLock { $0.sockets.removeValue(forKey: id) } }
    }

    var count: Int { state.withLock(\.sockets.count) }

    /// Says "going away" to every socket at once, then waits for them to close, at most
    /// `patience` (a client that never answers the close is left to the server's own end).
    func closeAll(patience: Duration = .seconds(1)) async {
        let open = state.withLock { state in
            state.closing = true
            return Array(state.sockets.values)
        }
        for socket in open { socket.close(code: .goingAway, promise: nil) }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for socket in open { try? await socket.onClose.get() } }
            group.addTask { try? await Task.sleep(for: patience) }
            await group.next()
            group.cancelAll()
        }
    }
}
