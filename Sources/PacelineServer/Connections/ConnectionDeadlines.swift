import Foundation
import NIOCore
import NIOHTTP1

/// The deadlines of one HTTP connection, seen request by request (it sits right after the
/// HTTP decoder): a new connection's first request header must have come within
/// `ConnectionSettings.headerTimeout`, a kept-alive connection's next one within
/// `idleTimeout` of the last answer, and a request body must bring `minimumBodyRate` bytes a
/// second over each `bodyRateWindow` until its end, counted over the time the server was
/// asking for it (a handler behind in reading a body stops the server asking, and that
/// time is the server's, not the client's). A connection that misses one is closed.
/// While the server is answering, it sets none (Vapor's idle timer still closes a
/// connection silent for `idleTimeout`). Upgraded to a live socket, the connection leaves
/// its HTTP deadlines, and its address's count, behind: the live hub counts it, and its
/// pings keep it.
final class ConnectionDeadlines: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let settings: ConnectionSettings
    private let place: HeldPlace?
    private var deadline: Scheduled<Void>?
    /// Requests whose header has come and whose answer has not ended.
    private var unanswered = 0
    /// A request body is coming.
    private var readingBody = false
    /// Body bytes come in the current window.
    private var bodyBytes = 0
    /// Seconds of the current window the server asked for bytes, and since when it asks
    /// (nil while it does not: its handlers are behind).
    private var askedSeconds = 0.0
    private var askedSince: NIODeadline?

    init(settings: ConnectionSettings, place: HeldPlace?) {
        self.settings = settings
        self.place = place
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { awaitHeader(context: context, within: settings.headerTimeout) }
    }

    func channelActive(context: ChannelHandlerContext) {
        awaitHeader(context: context, within: settings.headerTimeout)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            unanswered += 1
            readingBody = true
            bodyBytes = 0
            checkBodyRate(context: context)
        case .body(let bytes):
            bodyBytes += bytes.readableBytes
        case .end:
            readingBody = false
            awaitHeaderIfIdle(context: context)
        }
        context.fireChannelRead(data)
    }

    func read(context: ChannelHandlerContext) {
        if askedSince == nil { askedSince = context.eventLoop.now }
        context.read()
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if let since = askedSince {
            askedSeconds += seconds(context.eventLoop.now - since)
            askedSince = nil
        }
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status == .switchingProtocols:
            deadline?.cancel()
            place?.release()
            context.write(data, promise: promise)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            return
        case .end:
            unanswered = max(0, unanswered - 1)
            awaitHeaderIfIdle(context: context)
        case .head, .body:
            break
        }
        context.write(data, promise: promise)
    }

    /// With no request coming or being answered, the next header must come within `idleTimeout`.
    private func awaitHeaderIfIdle(context: ChannelHandlerContext) {
        guard unanswered == 0, !readingBody else {
            if !readingBody { deadline?.cancel() }
            return
        }
        awaitHeader(context: context, within: settings.idleTimeout)
    }

    private func awaitHeader(context: ChannelHandlerContext, within seconds: TimeInterval) {
        deadline?.cancel()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeAmount(seconds)) {
            context.close(mode: .all, promise: nil)
        }
    }

    /// Closes the connection at the end of a window that brought less than the minimum rate
    /// of a body still coming, over the time the server asked for it; starts the next window
    /// otherwise. A window the server asked for less than half of is not judged.
    private func checkBodyRate(context: ChannelHandlerContext) {
        deadline?.cancel()
        askedSeconds = 0
        askedSince = askedSince.map { _ in context.eventLoop.now }
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeAmount(settings.bodyRateWindow)) {
            guard self.readingBody else { return }
            let asked = self.askedSeconds + (self.askedSince.map { seconds(context.eventLoop.now - $0) } ?? 0)
            let judged = asked >= self.settings.bodyRateWindow / 2
            guard !judged || Double(self.bodyBytes) >= Double(self.settings.minimumBodyRate) * asked else {
                context.close(mode: .all, promise: nil)
                return
            }
            self.bodyBytes = 0
            self.checkBodyRate(context: context)
        }
    }
}

/// `amount` in seconds.
private func seconds(_ amount: TimeAmount) -> Double { Double(amount.nanoseconds) / 1e9 }

/// `seconds` as NIO counts time, to the millisecond.
private func timeAmount(_ seconds: Double) -> TimeAmount { .milliseconds(Int64(seconds * 1_000)) }
