import Vapor

/// What an operation may need to know of its HTTP request beyond the OpenAPI input: who
/// sent it (for the per-address limits) and its headers (the session cookie, `Origin`).
///
/// The generated server hands operations no Vapor `Request`, so `RequestContext.Middleware`
/// (a Vapor middleware, the last of the chain) sets it for the request's whole task.
struct RequestContext: Sendable {
    /// The client's address as the limits count it (`ClientAddress`).
    let clientAddress: String
    /// The request's headers as they arrived.
    let headers: HTTPHeaders

    @TaskLocal static var current: RequestContext?

    /// Sets `RequestContext.current` while the rest of the chain answers a request.
    struct Middleware: AsyncMiddleware {
        /// Whether `X-Forwarded-For` names the client (`--trust-proxy`).
        let trustProxy: Bool

        func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
            let context = RequestContext(clientAddress: ClientAddress.of(request, trustProxy: trustProxy), headers: request.headers)
            return try await RequestContext.$current.withValue(context) {
                try await next.respond(to: request)
            }
        }
    }
}
