import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Keeps an upload's JSON body as it came, for its run to keep as its original
/// (`OriginalFile`): the generated code hands the handler the body decoded, and the bytes
/// the app sent are what the runner recorded. Runs after `JSONBodyCheck`, so the body is
/// bounded and counted before it is held twice.
struct ReceivedJSONBody: ServerMiddleware {
    /// The operations whose JSON body is kept.
    static let operations: Set<String> = ["uploadRun"]

    /// The JSON body of the operation under way, as received.
    @TaskLocal static var bytes: Data?

    /// The JSON body of the upload under way.
    /// - Throws: when there is none: the middleware is not in front of the operation.
    static func required() throws -> Data {
        guard let bytes else { throw Missing() }
        return bytes
    }

    /// The operation was not run behind this middleware (never in the server).
    private struct Missing: Error, CustomStringConvertible {
        var description: String { "the upload's JSON body was not kept as received: ReceivedJSONBody is not in front of uploadRun" }
    }

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard Self.operations.contains(operationID), let body,
              request.headerFields[.contentType]?.lowercased().hasPrefix("application/json") == true else {
            return try await next(request, body, metadata)
        }
        let bytes = Data(try await [UInt8](collecting: body, upTo: .max))
        return try await Self.$bytes.withValue(bytes) { try await next(request, HTTPBody(bytes), metadata) }
    }
}
