import Foundation
import NIOCore
import Synchronization
import Vapor

/// Every live socket this instance holds, signed in or not yet, with its connection, so a
/// shutdown can close them all at once. A socket that has not said hello is in no session
/// and no registry, yet the HTTP server waits for it to close: without this, a shutdown
/// waited out each one's hello deadline (10 s); and one whose client never answers the
/// close waited for its next unanswered ping (up to 10 s more).
final class OpenSockets: Sendable {
    private struct Held {
        var socket: WebSocket
        var channel: any Channel
    }

    private struct State {
        var sockets: [ObjectIdentifier: Held] = [:]
        /// `closeAll` has begun: a socket attached since (its upgrade was under way) is
        /// closed at once.
        var closing = false
    }

    private let state = Mutex(State())

    /// Holds `socket`, on `channel`, until it closes; closes it at once, without waiting for
    /// its client's answer, when the instance is stopping.
    func insert(_ socket: WebSocket, on channel: any Channel) {
        let id = ObjectIdentifier(socket)
        let closing = state.withLock { state in
            if !state.closing { state.sockets[id] = Held(socket: socket, channel: channel) }
            return state.closing
        }
        if closing {
            socket.close(code: .goingAway).whenComplete { _ in channel.close(mode: .all, promise: nil) }
            return
        }
        socket.onClose.whenComplete { [weak self] _ in _ = self?.state.withLock { $0.sockets.removeValue(forKey: id) } }
    }

    var count: Int { state.withLock(\.sockets.count) }

    /// Says "going away" to every socket at once, waits for their clients to answer, at
    /// most `patience`, then closes the connections of those that have not.
    func closeAll(patience: Duration = .seconds(1)) async {
        let open = state.withLock { state in
            state.closing = true
            return Array(state.sockets.values)
        }
        for held in open { held.socket.close(code: .goingAway, promise: nil) }
        // Checked every 20 ms: a task waiting on a socket's `onClose` would not end when
        // cancelled, so a group of them waited for the last socket however long it took.
        let deadline = ContinuousClock.now + patience
        while open.contains(where: { !$0.socket.isClosed }), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        for held in open where held.channel.isActive { try? await held.channel.close(mode: .all) }
    }
}
