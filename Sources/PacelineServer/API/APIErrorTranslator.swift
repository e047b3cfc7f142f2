import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime

/// Turns whatever an operation throws into an answer: a `Refusal` as its status
/// (`APIError(_:)`), an `APIError` (the HTTP layer's own) as itself, a request
/// the generated code could not decode (missing parameter, bad JSON, wrong content type)
/// as its 4xx with a JSON error, a database that is read-only, full or unreachable as a
/// 503 (`DatabaseOutage`), and anything else as a logged 500 that tells the client
/// nothing internal.
struct APIErrorTranslator: ServerMiddleware {
    let logger: Logger

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        do {
            return try await next(request, body, metadata)
        } catch {
            return response(for: error, request: request, operationID: operationID)
        }
    }

    private func response(for error: any Error, request: HTTPRequest, operationID: String) -> (HTTPResponse, HTTPBody?) {
        let headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        let underlying = (error as? ServerError)?.underlyingError ?? error
        if let apiError = APIError(underlying) ?? DatabaseOutage.refusal(for: underlying, context: operationID, logger: logger).map(APIError.init) {
            return (HTTPResponse(status: apiError.status, headerFields: apiError.httpHeaderFields), HTTPBody(apiError.body))
        }
        if let serverError = error as? ServerError, (400..<500).contains(serverError.httpStatus.code) {
            let message = serverError.underlyingError is DecodingError
                ? Self.describe(serverError.underlyingError) : serverError.causeDescription
            return (HTTPResponse(status: serverError.httpStatus, headerFields: headers),
                    HTTPBody(APIError.body(status: serverError.httpStatus, message: message)))
        }
        if underlying is DecodingError {
            return (HTTPResponse(status: .badRequest, headerFields: headers),
                    HTTPBody(APIError.body(status: .badRequest, message: Self.describe(underlying))))
        }
        // Only the operation and the underlying error: a `ServerError` also describes the
        // whole request, headers included, and the bearer token must never reach the log;
        // nor the path, which holds ids, search text and a live link's secret (the access
        // log keeps routes as templates for the same reason).
        logger.error("\(operationID) failed (\(request.method)): \(String(reflecting: underlying))")
        return (HTTPResponse(status: .internalServerError, headerFields: headers),
                HTTPBody(APIError.body(status: .internalServerError, message: "the server failed; it has been logged")))
    }

    /// One line on what was wrong with the request, without Swift type names.
    static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return String(describing: error) }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the body" : keys.joined(separator: ".")
        }
        switch decoding {
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "\(path(context)): missing `\(key.stringValue)`"
        case .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return String(describing: decoding)
        }
    }
}
