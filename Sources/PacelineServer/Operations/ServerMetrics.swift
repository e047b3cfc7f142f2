import Foundation
import Synchronization

/// What `GET /metrics` reports, in Prometheus' text format (version 0.0.4): requests by
/// method, route template and status; their durations as histograms by route; uploads and
/// their bytes; and what the instance holds now (live sockets, races, requests in flight).
///
/// Counted in memory, per instance since it started: Prometheus scrapes each instance
/// and adds them up.
final class ServerMetrics: Sendable {
    /// The upper bounds of the duration buckets, seconds.
    static let buckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    private struct Request: Hashable {
        var method: String
        var route: String
        var status: Int
    }

    private struct Route: Hashable {
        var method: String
        var route: String
    }

    private struct Histogram {
        var buckets = [Int](repeating: 0, count: ServerMetrics.buckets.count)
        var sum = 0.0
        var count = 0
    }

    private struct State {
        var requests: [Request: Int] = [:]
        var durations: [Route: Histogram] = [:]
        var uploads = 0
        var uploadBytes = 0
    }

    private let state = Mutex(State())

    /// Counts an answered request (the access log's).
    func recordRequest(method: String, route: String, status: Int, seconds: Double) {
        state.withLock { state in
            state.requests[Request(method: method, route: route, status: status), default: 0] += 1
            var histogram = state.durations[Route(method: method, route: route)] ?? Histogram()
            if let bucket = Self.buckets.firstIndex(where: { seconds <= $0 }) { histogram.buckets[bucket] += 1 }
            histogram.sum += seconds
            histogram.count += 1
            state.durations[Route(method: method, route: route)] = histogram
        }
    }

    /// Counts a stored upload of `bytes` (as its `Content-Length` declared them; 0 unknown).
    func recordUpload(bytes: Int) {
        state.withLock { state in
            state.uploads += 1
            state.uploadBytes += bytes
        }
    }

    /// A value read when scraped.
    struct Gauge {
        var name: String
        var help: String
        var value: Int
    }

    /// The text Prometheus scrapes, with `gauges` read now.
    func exposition(gauges: [Gauge]) -> String {
        let state = state.withLock { $0 }
        var out = "# HELP paceline_http_requests_total Requests answered, by method, route template and status.\n"
        out += "# TYPE paceline_http_requests_total counter\n"
        for (key, count) in state.requests.sorted(by: { ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status) }) {
            out += "paceline_http_requests_total{method=\"\(key.method)\",route=\"\(Self.escaped(key.route))\",status=\"\(key.status)\"} \(count)\n"
        }
        out += "# HELP paceline_http_request_duration_seconds Time to answer a request, by method and route template.\n"
        out += "# TYPE paceline_http_request_duration_seconds histogram\n"
        for (key, histogram) in state.durations.sorted(by: { ($0.key.route, $0.key.method) < ($1.key.route, $1.key.method) }) {
            let labels = "method=\"\(key.method)\",route=\"\(Self.escaped(key.route))\""
            var cumulative = 0
            for (bound, count) in zip(Self.buckets, histogram.buckets) {
                cumulative += count
                out += "paceline_http_request_duration_seconds_bucket{\(labels),le=\"\(bound)\"} \(cumulative)\n"
            }
            out += "paceline_http_request_duration_seconds_bucket{\(labels),le=\"+Inf\"} \(histogram.count)\n"
            out += "paceline_http_request_duration_seconds_sum{\(labels)} \(histogram.sum)\n"
            out += "paceline_http_request_duration_seconds_count{\(labels)} \(histogram.count)\n"
        }
        out += "# HELP paceline_uploads_total Activity uploads stored.\n# TYPE paceline_uploads_total counter\n"
        out += "paceline_uploads_total \(state.uploads)\n"
        out += "# HELP paceline_upload_bytes_total Bytes of the uploads stored, as their Content-Length declared.\n"
        out += "# TYPE paceline_upload_bytes_total counter\npaceline_upload_bytes_total \(state.uploadBytes)\n"
        for gauge in gauges {
            out += "# HELP \(gauge.name) \(gauge.help)\n# TYPE \(gauge.name) gauge\n\(gauge.name) \(gauge.value)\n"
        }
        return out
    }

    /// A label value as the format writes it: backslash, quote and newline escaped.
    private static func escaped(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }
}
