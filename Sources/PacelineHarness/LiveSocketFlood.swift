import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import PacelineAPI
import PacelineLiveClient
import Synchronization

/// Holds `count` live connections open against a server, as an attacker without an
/// account would: each connects, sends its `hello` (if any; with `repeatsHello`, again
/// each time the server answers it with an error, as someone guessing tokens would), and
/// connects again as soon as the server closes it, until `stop`. What the server answers
/// is counted, not kept.
///
/// ```swift
/// let flood = LiveSocketFlood(url: url, count: 2_000, hello: { _ in #"{"type":"hello","token":"wrong"}"# })
/// await flood.start()          // returns once every connection opened (or failed to) once
/// print(flood.counts.open)     // 2000
/// await flood.stop()
/// ```
public final class LiveSocketFlood: Sendable {
    /// What the flood saw so far.
    public struct Counts: Sendable, Hashable, Codable {
        /// Connections open now.
        public var open = 0
        /// Upgrades that succeeded, reconnections included.
        public var connected = 0
        /// Connections or upgrades that failed (refused, reset, timed out).
        public var failedConnects = 0
        /// Connections the server closed.
        public var closedByServer = 0
        /// `welcome` messages received.
        public var welcomed = 0
        /// `error` messages received, by code.
        public var errors: [String: Int] = [:]
    }

    /// The wait before connecting again.
    static let pause = Duration.milliseconds(100)

    public let url: URL
    public let count: Int
    /// The text connection `index` sends once open (nil: nothing, an idle socket).
    private let hello: @Sendable (Int) -> String?
    private let repeatsHello: Bool
    /// The upgrade request's headers of connection `index`.
    private let headers: @Sendable (Int) -> [(String, String)]
    private let group: any EventLoopGroup
    private let state = Mutex(Counts())
    private let stopping = Atomic(false)
    private let loops = Mutex<[Task<Void, Never>]>([])

    public init(url: URL, count: Int, on group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
                headers: @escaping @Sendable (Int) -> [(String, String)] = { _ in [] },
                hello: @escaping @Sendable (Int) -> String? = { _ in nil }, repeatsHello: Bool = false) {
        self.url = url
        self.count = count
        self.group = group
        self.headers = headers
        self.hello = hello
        self.repeatsHello = repeatsHello
    }

    /// What the flood saw so far.
    public var counts: Counts { state.withLock { $0 } }

    /// Opens the connections, `concurrency` upgrades at a time; returns once each has
    /// opened (or failed to) once. Each then keeps itself open until `stop`.
    public func start(concurrency: Int = 100) async {
        let opened = AsyncStream<Void>.makeStream()
        var attempts = opened.stream.makeAsyncIterator()
        var pending = 0
        var next = 0
        while next < count || pending > 0 {
            while next < count, pending < concurrency {
                let index = next
                loops.withLock { $0.append(Task { await self.keepOpen(index) { opened.continuation.yield() } }) }
                next += 1
                pending += 1
            }
            await attempts.next()
            pending -= 1
        }
    }

    /// From now on, a connection the server closes is not opened again (`stop` still
    /// closes the rest): before stopping a server, whose port another may take meanwhile.
    public func stopReconnecting() {
        stopping.store(true, ordering: .relaxed)
    }

    /// Closes every connection and stops reconnecting.
    public func stop() async {
        stopping.store(true, ordering: .relaxed)
        let tasks = loops.withLock { $0 }
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
    }

    /// Connection `index`: connects, says its hello, waits for the close, and again (after
    /// `pause`) until stopped. `firstAttempt` is called once, after the first attempt.
    private func keepOpen(_ index: Int, firstAttempt: @Sendable () -> Void) async {
        var first = true
        defer { if first { firstAttempt() } }
        while !stopping.load(ordering: .relaxed) {
            do {
                let text = hello(index), repeats = repeatsHello && text != nil
                let client = try await LiveClient.connect(to: url, headers: HTTPHeaders(headers(index)), on: group) { [self] message, _ in
                    state.withLock { counts in
                        switch message {
                        case .welcome: counts.welcomed += 1
                        case .error(let failure): counts.errors[failure.code, default: 0] += 1
                        default: break
                        }
                    }
                    if case .error = message { return repeats }  // kept for the loop below to answer
                    return false
                }
                state.withLock { $0.connected += 1; $0.open += 1 }
                if let text { try? await client.send(text: text) }
                if first { first = false; firstAttempt() }
                await withTaskCancellationHandler {
                    if repeats, let text {
                        while (try? await client.nextError(timeout: .seconds(3_600))) != nil { try? await client.send(text: text) }
                    }
                    await client.closed()
                } onCancel: {
                    Task { await client.close() }
                }
                state.withLock { counts in
                    counts.open -= 1
                    if !stopping.load(ordering: .relaxed) { counts.closedByServer += 1 }
                }
            } catch {
                state.withLock { $0.failedConnects += 1 }
                if first { first = false; firstAttempt() }
            }
            try? await Task.sleep(for: Self.pause)
        }
    }
}
