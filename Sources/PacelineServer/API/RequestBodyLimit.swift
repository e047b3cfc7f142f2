import HTTPTypes
import OpenAPIRuntime

/// Refuses a request body larger than its operation allows with 413 `payload_too_large`:
/// an upload of a run (`uploadRun`: a file, a form or JSON fixes) up to 32 MiB, a photo
/// (`addRunPhoto`) up to 20 MiB, any other
/// body up to 256 KiB (the largest real ones, a workout of 500 intervals or the order of a
/// few thousand workouts, are tens of kilobytes). A declared `Content-Length` over the
/// limit is refused before any of the body is read; a body sent without one is counted as
/// it arrives and refused once it passes the limit, so no body is ever held past it.
///
/// A body refused half-way is still read to its end and thrown away, up to as much again
/// as the limit, so that its connection can serve the next request: Vapor stops reading a
/// connection for good once a request's body is left half-read.
struct RequestBodyLimit: ServerMiddleware {
    /// The largest upload, bytes.
    static let upload = 32 << 20
    /// The largest body of any other operation, bytes.
    static let other = 256 << 10

    /// The limit of `operationID`'s body.
    static func limit(of operationID: String) -> Int {
        switch operationID {
        case "uploadRun": upload
        case "addRunPhoto": PhotoLimits.bytes
        default: other
        }
    }

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let body else { return try await next(request, nil, metadata) }
        let limit = Self.limit(of: operationID)
        if case .known(let length) = body.length, length > limit { throw APIError.payloadTooLarge(maximumBytes: limit) }
        return try await next(request, HTTPBody(Counted(body: body, limit: limit), length: body.length, iterationBehavior: .single), metadata)
    }

    /// The body's chunks, throwing 413 once more than `limit` bytes have come.
    private struct Counted: AsyncSequence, Sendable {
        typealias Element = HTTPBody.ByteChunk
        let body: HTTPBody
        let limit: Int

        func makeAsyncIterator() -> Iterator { Iterator(chunks: body.makeAsyncIterator(), limit: limit) }

        struct Iterator: AsyncIteratorProtocol {
            var chunks: HTTPBody.AsyncIterator
            let limit: Int
            var count = 0

            mutating func next() async throws -> HTTPBody.ByteChunk? {
                guard let chunk = try await chunks.next() else { return nil }
                count += chunk.count
                guard count <= limit else {
                    Discarded(chunks: chunks).readToEnd(upTo: limit)
                    throw APIError.payloadTooLarge(maximumBytes: limit)
                }
                return chunk
            }
        }
    }

    /// The rest of a refused body, handed to a task of its own that reads it and throws it
    /// away. Unchecked: the request lets go of the iterator as it hands it over.
    private final class Discarded: @unchecked Sendable {
        var chunks: HTTPBody.AsyncIterator

        init(chunks: HTTPBody.AsyncIterator) { self.chunks = chunks }

        /// Reads to the body's end, or until `maximum` more bytes have come, whichever is first.
        func readToEnd(upTo maximum: Int) {
            Task {
                var discarded = 0
                while discarded <= maximum, let chunk = try? await chunks.next() { discarded += chunk.count }
            }
        }
    }
}
