import NIOCore
import OpenAPIRuntime
import Synchronization
import Vapor

/// A request's body as it arrives, chunk by chunk, for `APITransport`: read from the
/// connection through Vapor's `drain`, at most 20 chunks ahead of the reader (NIO's
/// producer with high and low watermarks; reading resumes below 5).
///
/// A body the connection cut short is a 400 `body_incomplete`, the client's doing.
///
/// Vapor's own async sequence over a body traps when NIO asks it for more twice without a
/// pause between (vapor/vapor#3153); here a second ask finds nothing waiting and is let
/// be, since the next chunk NIO takes says again whether to go on.
struct RequestBodyChunks: AsyncSequence, Sendable {
    typealias Element = HTTPBody.ByteChunk
    let request: Request

    func makeAsyncIterator() -> Iterator {
        let demand = Demand(eventLoop: request.eventLoop)
        let producer = NIOThrowingAsyncSequenceProducer.makeSequence(
            elementType: ByteBuffer.self, failureType: (any Error).self,
            backPressureStrategy: NIOAsyncSequenceProducerBackPressureStrategies.HighLowWatermark(lowWatermark: 5, highWatermark: 20),
            finishOnDeinit: true, delegate: demand)
        let source = producer.source
        let eventLoop = request.eventLoop
        request.body.drain { part in
            switch part {
            case .buffer(let buffer):
                switch source.yield(buffer) {
                case .produceMore: return eventLoop.makeSucceededVoidFuture()
                case .stopProducing: return demand.wait()
                case .dropped: return eventLoop.makeFailedFuture(CancellationError())
                }
            case .error(let error):
                // The connection ended mid-body (the client went, or a deadline closed it):
                // the client's doing, a 400 in the log and /metrics, never a 500.
                source.finish(Refusal(.invalid, code: "body_incomplete",
                                       message: "the request's body ended before it was whole (\(error))"))
            case .end:
                source.finish()
            }
            return eventLoop.makeSucceededVoidFuture()
        }
        return Iterator(chunks: producer.sequence.makeAsyncIterator())
    }

    struct Iterator: AsyncIteratorProtocol {
        var chunks: NIOThrowingAsyncSequenceProducer<ByteBuffer, any Error, NIOAsyncSequenceProducerBackPressureStrategies.HighLowWatermark, Demand>.AsyncIterator

        mutating func next() async throws -> HTTPBody.ByteChunk? {
            try await chunks.next().map { ArraySlice($0.readableBytesView) }
        }
    }

    /// Whether the reader wants more: `wait()` holds the connection's reading until it
    /// does (or has gone).
    final class Demand: NIOAsyncSequenceProducerDelegate, Sendable {
        private let eventLoop: any EventLoop
        /// The pause the reading is in, if it is in one; touched on the event loop only.
        private let waiting = Mutex<EventLoopPromise<Void>?>(nil)

        init(eventLoop: any EventLoop) { self.eventLoop = eventLoop }

        /// A pause in the reading, until the reader wants more.
        func wait() -> EventLoopFuture<Void> {
            let promise = eventLoop.makePromise(of: Void.self)
            waiting.withLock { $0 = promise }
            return promise.futureResult
        }

        func produceMore() {
            eventLoop.execute { self.waiting.withLock { promise in defer { promise = nil }; return promise }?.succeed() }
        }

        func didTerminate() {
            eventLoop.execute { self.waiting.withLock { promise in defer { promise = nil }; return promise }?.fail(CancellationError()) }
        }
    }
}
