import Foundation
import Logging
import Synchronization
import Vapor

/// One log line per request, once it is answered: its id, method, route template, status,
/// duration and the user when known; and the same request counted in `ServerMetrics`.
///
/// The id is the client's `X-Request-Id` when it sent a sensible one (a proxy's), else
/// a new one; every answer carries it back in `X-Request-Id`, errors included, so a person
/// reporting a failure can name the line that logged it. The route is the template
/// (`/api/v1/runs/:runId`), never the path, so no id or search text reaches the log.
struct AccessLog: AsyncMiddleware {
    let metrics: ServerMetrics

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let started = ContinuousClock.now
        let id = Self.requestID(request)
        request.logger[metadataKey: "request-id"] = .string(id)
        let who = RequestUser()
        let response: Response
        do {
            response = try await RequestUser.$current.withValue(who) { try await next.respond(to: request) }
        } catch {
            // ErrorResponder, inside, answers every error: this is only a failure to answer.
            log(request, id: id, status: 500, started: started, user: who.id)
            throw error
        }
        response.headers.replaceOrAdd(name: "X-Request-Id", value: id)
        log(request, id: id, status: Int(response.status.code), started: started, user: who.id)
        return response
    }

    private func log(_ request: Request, id: String, status: Int, started: ContinuousClock.Instant, user: UUID?) {
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let route = Self.template(request)
        metrics.recordRequest(method: request.method.rawValue, route: route, status: status, seconds: seconds)
        if request.method == .POST, route == "/api/v1/runs", status == 200 || status == 201 {
            metrics.recordUpload(bytes: request.headers.first(name: .contentLength).flatMap { Int($0) } ?? 0)
        }
        var metadata: Logger.Metadata = [
            "request-id": .string(id), "method": .string(request.method.rawValue), "route": .string(route),
            "status": .stringConvertible(status), "ms": .stringConvertible((seconds * 10_000).rounded() / 10),
        ]
        if let user { metadata["user"] = .string(user.uuidString) }
        let level: Logger.Level = status >= 500 ? .error : .info
        request.logger.log(level: level, "\(request.method.rawValue) \(route) \(status)", metadata: metadata)
    }

    /// The request's route as registered (`/api/v1/runs/:runId`); `unmatched` for a path no
    /// route has (the web app's files included: they are served before routing).
    static func template(_ request: Request) -> String {
        guard let route = request.route else { return "unmatched" }
        return "/" + route.path.map(\.description).joined(separator: "/")
    }

    /// A client's `X-Request-Id` of 8–64 letters, digits, `-` or `_`; else a new UUID
    /// (not Vapor's `request.id`, which copies the header whatever it holds).
    static func requestID(_ request: Request) -> String {
        if let given = request.headers.first(name: "X-Request-Id"), (8...64).contains(given.utf8.count),
           given.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || (0x30...0x39).contains($0)
                                   || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) {
            return given
        }
        return UUID().uuidString
    }
}

/// Who a request turned out to be, noted by `Authentication` (deeper in, where the token
/// is read) for the access log's line.
final class RequestUser: Sendable {
    private let user = Mutex<UUID?>(nil)

    @TaskLocal static var current: RequestUser?

    var id: UUID? { user.withLock { $0 } }

    func note(_ id: UUID) { user.withLock { $0 = id } }
}
