import HTTPTypes
import Vapor

/// Vapor's side of the error contract: what fails outside the OpenAPI operations (an
/// unknown path, a body Vapor refuses, a failure while streaming) is still answered as
/// `{error: {code, message}}`, a database outage as 503 (`DatabaseOutage`), and a 5xx is
/// logged without telling the client internals.
struct ErrorResponder: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            let status: HTTPResponseStatus
            let message: String
            if let apiError = APIError(error)
                ?? DatabaseOutage.refusal(for: error, context: "\(request.method) \(AccessLog.template(request))", logger: request.logger)
                .map(APIError.init) {
                let response = Self.response(status: .init(statusCode: apiError.status.code), body: apiError.body)
                if let retryAfter = apiError.retryAfter { response.headers.replaceOrAdd(name: .retryAfter, value: String(retryAfter)) }
                return response
            } else if let abort = error as? any AbortError {
                status = abort.status
                message = status == .notFound ? "no such endpoint: \(request.method) \(request.url.path)" : abort.reason
            } else {
                status = .internalServerError
                message = "the server failed; it has been logged"
                // The route's template, not its path (ids, a live link's secret: `AccessLog`).
                request.logger.error("\(request.method) \(AccessLog.template(request)) failed: \(String(reflecting: error))")
            }
            let body = APIError.body(status: HTTPResponse.Status(code: Int(status.code)), message: message)
            return Self.response(status: status, body: body)
        }
    }

    static func response(status: HTTPResponseStatus, body: Data) -> Response {
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(status: status, headers: headers, body: .init(data: body))
    }
}

