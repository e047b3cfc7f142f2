import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// A TCP connection to a test server that says what a test tells it and then nothing more:
/// it reads what the server sends (so the server's writes never wait) but answers nothing,
/// as a client that went quiet would: half a request, a kept-alive connection left idle, or
/// a WebSocket answering neither pings nor the server's close. For tests of how long the
/// server keeps such connections.
public final class HeldConnection: Sendable {
    /// When the connection was made.
    public let openedAt: ContinuousClock.Instant
    private let channel: any Channel
    private let received: Received

    private init(channel: any Channel, received: Received, openedAt: ContinuousClock.Instant) {
        self.channel = channel
        self.received = received
        self.openedAt = openedAt
        channel.closeFuture.whenComplete { [received] _ in received.closedAt.withLock { $0 = .now } }
    }

    /// When the connection closed (as this client's event loop saw it), nil while it is open.
    public var closedAt: ContinuousClock.Instant? { received.closedAt.withLock { $0 } }

    /// Connects from `source` (another loopback address: 127.0.0.0/8 is all this machine's)
    /// to `127.0.0.1:port`, writes `bytes`, and returns once what the server has answered
    /// satisfies `enough` (at once when it is nil); throws if the server closes first, or
    /// has not connected and answered within `timeout`.
    public static func open(port: Int, from source: String = "127.0.0.1", sending bytes: String, within timeout: Duration = .seconds(10),
                            until enough: (@Sendable (String) -> Bool)? = nil) async throws -> HeldConnection {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let answered = loop.makePromise(of: Void.self)
        if enough == nil { answered.succeed() }
        let patience = TimeAmount(timeout)
        loop.scheduleTask(in: patience) { answered.fail(HeldConnectionError.noAnswer(within: timeout)) }
        let received = Received()
        let channel = try await ClientBootstrap(group: loop)
            .connectTimeout(patience)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(Answer(enough: enough, answered: answered, received: received))
                }
            }
            .bind(to: try SocketAddress(ipAddress: source, port: 0))
            .connect(host: "127.0.0.1", port: port).get()
        let openedAt = ContinuousClock.now
        try await channel.writeAndFlush(ByteBuffer(string: bytes))
        do {
            try await answered.futureResult.get()
        } catch {
            try? await channel.close()
            throw error
        }
        return HeldConnection(channel: channel, received: received, openedAt: openedAt)
    }

    /// A WebSocket on `path`: returns once the server has answered the upgrade with 101.
    public static func upgraded(port: Int, path: String) async throws -> HeldConnection {
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        let connection = try await open(port: port, sending: request) { $0.contains("\r\n\r\n") }
        guard connection.answer.hasPrefix("HTTP/1.1 101") else {
            try? await connection.channel.close()
            throw HeldConnectionError.notUpgraded(answer: connection.answer)
        }
        return connection
    }

    /// Writes `bytes` on the connection.
    public func send(_ bytes: String) async throws {
        try await channel.writeAndFlush(ByteBuffer(string: bytes))
    }

    /// Writes `bytes` `times` times, the first after `interval` and each next `interval`
    /// after the one before as the connection's event loop keeps time (so a test process's
    /// task pool, busy with other tests, cannot hold the writes back, and a late write is
    /// followed by the next on time); returns after the last.
    public func trickle(_ bytes: String, every interval: Duration, times: Int) async throws {
        let loop = channel.eventLoop, channel = channel
        let step = TimeAmount(interval)
        let writes = (1...max(1, times)).map { index in
            loop.flatScheduleTask(in: step * Int64(index)) { channel.writeAndFlush(ByteBuffer(string: bytes)) }.futureResult
        }
        try await EventLoopFuture.andAllSucceed(writes, on: loop).get()
    }

    /// What the server has sent so far.
    public var answer: String { received.text.withLock { $0 } }

    /// Whether the server has closed the connection within `timeout` (checked every 20 ms);
    /// the test closes it otherwise.
    public func closed(within timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while channel.isActive, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        guard channel.isActive else { return true }
        try? await channel.close()
        return false
    }
}

/// What the server has sent on a held connection, and when it closed.
private final class Received: Sendable {
    let text = Mutex("")
    let closedAt = Mutex<ContinuousClock.Instant?>(nil)
}

/// Keeps what the server sends; says once when it is enough (or that the server closed first).
private final class Answer: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let enough: (@Sendable (String) -> Bool)?
    private let answered: EventLoopPromise<Void>
    private let received: Received
    private var waiting = true

    init(enough: (@Sendable (String) -> Bool)?, answered: EventLoopPromise<Void>, received: Received) {
        self.enough = enough
        self.answered = answered
        self.received = received
        waiting = enough != nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let chunk = String(buffer: unwrapInboundIn(data))
        let text = received.text.withLock { $0 += chunk; return $0 }
        if waiting, enough?(text) == true {
            waiting = false
            answered.succeed()
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if waiting {
            waiting = false
            answered.fail(HeldConnectionError.closed(after: received.text.withLock { $0 }))
        }
        context.fireChannelInactive()
    }
}

/// A held connection did not get the answer it waited for.
public enum HeldConnectionError: Error, CustomStringConvertible {
    case closed(after: String)
    case notUpgraded(answer: String)
    case noAnswer(within: Duration)

    public var description: String {
        switch self {
        case .noAnswer(let timeout): "no answer within \(timeout)"
        case .closed(let text): "closed by the server after \(text.prefix(200).debugDescription)"
        case .notUpgraded(let answer): "the server answered \(answer.prefix(200).debugDescription) instead of 101"
        }
    }
}
