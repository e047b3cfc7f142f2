import HTTPTypes
import NIOCore
import OpenAPIRuntime
import Synchronization
import Vapor

/// The generated API's operations served by Vapor: each registered as a Vapor route whose
/// request body streams (`RequestBodyChunks`), its answer written as the operation's body
/// streams.
///
/// Paceline's own rather than swift-openapi-vapor's `VaporTransport`, for one reason: that
/// reads a body through Vapor's `Request.Body` async sequence, whose backpressure state
/// machine traps (`preconditionFailure` in `produceMore0`, vapor/vapor#3153) when NIO asks
/// for more twice in a row, as it does under load: one upload could stop the server.
struct APITransport: ServerTransport {
    let routes: any RoutesBuilder

    func register(
        _ handler: @Sendable @escaping (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?),
        method: HTTPRequest.Method, path: String
    ) throws {
        let components = path.split(separator: "/").map { part -> PathComponent in
            part.hasPrefix("{") && part.hasSuffix("}") ? .parameter(String(part.dropFirst().dropLast())) : .constant(String(part))
        }
        let parameters = components.compactMap { component -> String? in
            if case .parameter(let name) = component { name } else { nil }
        }
        routes.on(Vapor.HTTPMethod(rawValue: method.rawValue), components, body: .stream) { request in
            var values: [String: Substring] = [:]
            for name in parameters {
                guard let value = request.parameters.get(name) else { throw Abort(.notFound) }
                values[name] = Substring(value)
            }
            let length = request.headers.first(name: .contentLength).flatMap(Int64.init)
            let body = HTTPBody(RequestBodyChunks(request: request), length: length.map { .known($0) } ?? .unknown, iterationBehavior: .single)
            let (response, responseBody) = try await handler(try Self.request(request), body, ServerRequestMetadata(pathParameters: values))
            return Self.response(response, body: responseBody)
        }
    }

    /// `request` as the generated code reads it; each cookie a field of its own, as HTTP/2
    /// sends them.
    private static func request(_ request: Request) throws -> HTTPRequest {
        var fields = HTTPFields()
        for (name, value) in request.headers {
            guard let field = HTTPField.Name(name) else { continue }
            if field == .cookie {
                for cookie in value.split(separator: ";") { fields.append(HTTPField(name: field, value: cookie.trimmingCharacters(in: .whitespaces))) }
            } else {
                fields.append(HTTPField(name: field, value: value))
            }
        }
        let query = request.url.query.map { "?\($0)" } ?? ""
        return HTTPRequest(method: HTTPRequest.Method(request.method.rawValue) ?? .get, scheme: request.url.scheme, authority: request.url.host,
                           path: request.url.path + query, headerFields: fields)
    }

    /// An operation's answer as Vapor writes it, its body streamed once.
    private static func response(_ response: HTTPResponse, body: HTTPBody?) -> Response {
        var headers = HTTPHeaders(response.headerFields.map { ($0.name.rawName, $0.value) })
        guard let body else { return Response(status: .init(statusCode: response.status.code), headers: headers, body: .empty) }
        let written = Atomic(false)
        let stream: @Sendable (any BodyStreamWriter) -> Void = { writer in
            guard !written.exchange(true, ordering: .relaxed) else {
                _ = writer.write(.error(Abort(.internalServerError, reason: "a response body is written once")))
                return
            }
            _ = writer.eventLoop.makeFutureWithTask {
                do {
                    for try await chunk in body { try await writer.write(.buffer(ByteBuffer(bytes: chunk))).get() }
                    try await writer.write(.end).get()
                } catch {
                    try await writer.write(.error(error)).get()
                }
            }
        }
        let vaporBody: Response.Body
        switch body.length {
        case .known(let count):
            vaporBody = .init(stream: stream, count: Int(clamping: count))
            headers.replaceOrAdd(name: .contentLength, value: String(count))
        case .unknown:
            vaporBody = .init(stream: stream)
        }
        return Response(status: .init(statusCode: response.status.code), headers: headers, body: vaporBody)
    }
}
