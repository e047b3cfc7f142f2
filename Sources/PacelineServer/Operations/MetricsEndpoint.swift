import Crypto
import Foundation
import Vapor

/// `GET /metrics`: `ServerMetrics` for Prometheus, behind a token of its own.
///
/// Request counts and routes are the operator's, not the users', so the endpoint exists
/// only when the operator gave a token (`--metrics-token`, `$PACELINE_METRICS_TOKEN`) and
/// answers only a request bearing it (`Authorization: Bearer TOKEN`, Prometheus'
/// `authorization` setting); otherwise it is a 404 like any unknown path.
enum MetricsEndpoint {
    static func register(on app: Application, token: String?, metrics: ServerMetrics, gauges: @escaping @Sendable () -> [ServerMetrics.Gauge]) {
        guard let token, !token.isEmpty else { return }
        let expected = Data(SHA256.hash(data: Data(token.utf8)))
        app.get("metrics") { request -> Response in
            let given = request.headers.bearerAuthorization.map { Data(SHA256.hash(data: Data($0.token.utf8))) } ?? Data()
            // Hashes of equal length compared whole: the time says nothing of the token.
            guard given.count == expected.count, zip(given, expected).reduce(0, { $0 | ($1.0 ^ $1.1) }) == 0 else {
                throw Abort(.notFound)
            }
            var headers = HTTPHeaders()
            headers.replaceOrAdd(name: .contentType, value: "text/plain; version=0.0.4; charset=utf-8")
            headers.replaceOrAdd(name: .cacheControl, value: "no-store")
            return Response(status: .ok, headers: headers, body: .init(string: metrics.exposition(gauges: gauges())))
        }
    }
}
