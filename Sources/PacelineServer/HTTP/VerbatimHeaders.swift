import HTTPTypes
import OpenAPIRuntime
import Synchronization

/// Writes the headers an operation asked for (`set`) onto its answer, as they are.
///
/// openapi.yaml documents them (`Set-Cookie` on log in, register and log out;
/// `Content-Disposition` on a run's original), but a value given through the generated
/// output would be percent-encoded (OpenAPI's `simple` style), which no browser reads as
/// a cookie or a file name.
struct VerbatimHeaders: ServerMiddleware {
    /// The headers asked for by the operation under way.
    final class Pending: Sendable {
        let fields = Mutex(HTTPFields())
    }

    @TaskLocal static var pending: Pending?

    /// Has the answer of the operation under way carry `name: value`, replacing what the
    /// operation's output says of `name`.
    static func set(_ name: HTTPField.Name, _ value: String) {
        pending?.fields.withLock { $0[name] = value }
    }

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let pending = Pending()
        var (response, body) = try await Self.$pending.withValue(pending) { try await next(request, body, metadata) }
        for field in pending.fields.withLock({ $0 }) { response.headerFields[field.name] = field.value }
        return (response, body)
    }
}
