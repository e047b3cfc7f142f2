import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import PacelineAPI
import Synchronization
import WebSocketKit

/// A connection to a Paceline server's live WebSocket (`/api/v1/live`): sends
/// `LiveClientMessage`s and collects the `LiveServerMessage`s that arrive, for a caller
/// to wait on in its own order.
///
/// ```swift
/// let live = try await LiveClient.connect(to: URL(string: "ws://127.0.0.1:8080/api/v1/live")!)
/// try await live.send(.hello(.init(token: token)))
/// let welcome = try await live.next { if case .welcome(let w) = $0 { w } else { nil } }
/// ```
public final class LiveClient: Sendable {
    /// The server did not send what was awaited in time.
    public struct Timeout: Error, CustomStringConvertible {
        public var waitingFor: String
        /// What did arrive meanwhile (and is still queued).
        public var received: [LiveServerMessage]
        public var description: String { "timed out waiting for \(waitingFor); queued: \(received.map(\.kind.rawValue))" }
    }

    private struct Inbox {
        var queued: [LiveServerMessage] = []
        var waiters: [UUID: Waiter] = [:]
        var closed = false
    }

    private struct Waiter {
        var take: @Sendable (LiveServerMessage) -> Bool
        var resume: @Sendable () -> Void
    }

    private let socket: WebSocket
    private let inbox = Mutex(Inbox())
    /// Called with every message as it arrives (before it is queued), e.g. by a load
    /// generator that only counts; return false to leave it out of the queue.
    private let observer: (@Sendable (LiveServerMessage, String) -> Bool)?

    private init(socket: WebSocket, observer: (@Sendable (LiveServerMessage, String) -> Bool)?) {
        self.socket = socket
        self.observer = observer
    }

    /// Opens a connection to `url` (a `ws://…/api/v1/live` address), its upgrade request
    /// carrying `headers` (as a browser's carries `Origin` and the session cookie).
    public static func connect(to url: URL, headers: HTTPHeaders = [:], on group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
                               observer: (@Sendable (LiveServerMessage, String) -> Bool)? = nil) async throws -> LiveClient {
        let upgraded = group.any().makePromise(of: LiveClient.self)
        var configuration = WebSocketClient.Configuration()
        configuration.maxFrameSize = 1 << 22
        WebSocket.connect(to: url, headers: headers, configuration: configuration, on: group) { socket in
            let client = LiveClient(socket: socket, observer: observer)
            socket.onText { _, text in client.receive(text) }
            socket.onClose.whenComplete { _ in client.markClosed() }
            upgraded.succeed(client)
        }.whenFailure { upgraded.fail($0) }
        return try await upgraded.futureResult.get()
    }

    /// Sends one message.
    public func send(_ message: LiveClientMessage) async throws {
        try await send(text: try LiveCoding.encode(message))
    }

    /// Sends any text, well-formed or not (tests send bad messages with it).
    public func send(text: String) async throws {
        let promise = socket.eventLoop.makePromise(of: Void.self)
        socket.send(text, promise: promise)
        try await promise.futureResult.get()
    }

    /// Sends text without waiting for it to be written: `promise`, if any, completes when
    /// it is (a load generator sending on its own schedule uses this, no task per message).
    public func send(text: String, promise: EventLoopPromise<Void>?) {
        socket.send(text, promise: promise)
    }

    /// The event loop the connection runs on: its messages arrive (and `observer` is
    /// called) there.
    public var eventLoop: any EventLoop { socket.eventLoop }

    /// Waits for the first queued or arriving message `pick` accepts, removes it from the
    /// queue and returns what `pick` made of it; other messages stay queued.
    public func next<Value: Sendable>(timeout: Duration = .seconds(10), waitingFor description: String = "a message",
                                      _ pick: @escaping @Sendable (LiveServerMessage) -> Value?) async throws -> Value {
        let found = Mutex<Value?>(nil)
        let take: @Sendable (LiveServerMessage) -> Bool = { message in
            guard let value = pick(message) else { return false }
            found.withLock { $0 = value }
            return true
        }
        let id = UUID()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let once = Mutex(false)
            let resume: @Sendable () -> Void = {
                if once.withLock({ let done = $0; $0 = true; return !done }) { continuation.resume() }
            }
            let done = inbox.withLock { inbox -> Bool in
                if let index = inbox.queued.firstIndex(where: take) {
                    inbox.queued.remove(at: index)
                    return true
                }
                if inbox.closed { return true }
                inbox.waiters[id] = Waiter(take: take, resume: resume)
                return false
            }
            if done { resume(); return }
            Task {
                try? await Task.sleep(for: timeout)
                inbox.withLock { _ = $0.waiters.removeValue(forKey: id) }
                resume()
            }
        }
        if let value = found.withLock({ $0 }) { return value }
        throw Timeout(waitingFor: description, received: inbox.withLock { $0.queued })
    }

    /// The next `error` message.
    public func nextError(timeout: Duration = .seconds(10)) async throws -> LiveServerMessage.Failure {
        try await next(timeout: timeout, waitingFor: "an error") { if case .error(let failure) = $0 { failure } else { nil } }
    }

    /// Messages received and not taken yet.
    public var queued: [LiveServerMessage] { inbox.withLock { $0.queued } }

    /// Whether the connection is closed.
    public var isClosed: Bool { socket.isClosed }

    /// Returns once the connection is closed, by either side.
    public func closed() async {
        try? await socket.onClose.get()
    }

    /// Closes the connection (as a phone losing its network would, but politely).
    public func close() async {
        try? await socket.close(code: .goingAway).get()
    }

    private func receive(_ text: String) {
        guard let message = try? LiveCoding.decode(LiveServerMessage.self, from: text) else { return }
        if let observer, !observer(message, text) { return }
        let resume = inbox.withLock { inbox -> (@Sendable () -> Void)? in
            for (id, waiter) in inbox.waiters where waiter.take(message) {
                inbox.waiters[id] = nil
                return waiter.resume
            }
            inbox.queued.append(message)
            return nil
        }
        resume?()
    }

    private func markClosed() {
        let waiters = inbox.withLock { inbox -> [Waiter] in
            inbox.closed = true
            defer { inbox.waiters = [:] }
            return Array(inbox.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }
}
