import Foundation
import Logging
import PacelineAPI
@testable import PacelineServer
import PacelineTestSupport
import Synchronization
import Testing

/// What an operator runs the instance with: request ids on every answer, /metrics behind
/// its token, JSON log lines, and a backup taken while the server serves.
@Suite("Operations")
struct OperationsTests {
    static func header(_ name: String, _ response: TestServer.RawResponse) -> String? {
        response.headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    @Test("every answer names its request; a proxy's sensible id is kept, anything else replaced", arguments: TestDatabase.available)
    func requestIDs(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let missing = try await server.raw(.GET, "/runs/not-a-run")
            #expect(missing.status == 404 && Self.header("X-Request-Id", missing)?.isEmpty == false)
            let given = try await server.raw(.GET, "/health", headers: [("X-Request-Id", "proxy-4f2a9c01")])
            #expect(Self.header("X-Request-Id", given) == "proxy-4f2a9c01")
            for hostile in ["<script>", "short", String(repeating: "a", count: 65), "a b c d e f g h"] {
                let answer = try await server.raw(.GET, "/health", headers: [("X-Request-Id", hostile)])
                #expect(Self.header("X-Request-Id", answer) != hostile)
            }
            let a = try await server.raw(.GET, "/health"), b = try await server.raw(.GET, "/health")
            #expect(Self.header("X-Request-Id", a) != Self.header("X-Request-Id", b))
        }
    }

    @Test("/metrics answers only its token, with requests by route template, uploads and live gauges", arguments: TestDatabase.available)
    func metrics(database: TestDatabase) async throws {
        try await withServer(database) { server in
            func scrape(_ token: String?) async throws -> TestServer.RawResponse {
                try await server.raw(.GET, "/metrics", headers: token.map { [("Authorization", "Bearer \($0)")] } ?? [], underAPI: false)
            }
            #expect(try await scrape(nil).status == 404)
            #expect(try await scrape("wrong").status == 404)
            let ann = try await server.newUser("Ann")
            let id = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            _ = try await server.raw(.GET, "/runs/\(id)/track", token: ann.token)
            _ = try await server.raw(.GET, "/runs/\(UUID().uuidString)/track", token: ann.token)
            let scraped = try await scrape(TestServer.metricsToken)
            #expect(scraped.status == 200 && Self.header("Content-Type", scraped)?.hasPrefix("text/plain; version=0.0.4") == true)
            let text = String(decoding: scraped.body, as: UTF8.self)
            #expect(text.contains(#"paceline_http_requests_total{method="GET",route="/api/v1/runs/:runId/track",status="200"} 1"#))
            #expect(text.contains(#"paceline_http_requests_total{method="GET",route="/api/v1/runs/:runId/track",status="404"} 1"#))
            #expect(text.contains(#"paceline_http_request_duration_seconds_count{method="GET",route="/api/v1/runs/:runId/track"} 2"#))
            #expect(text.contains("paceline_uploads_total 1\n"))
            #expect(!text.contains(id), "paths' ids never reach the metrics")
            #expect(text.contains("paceline_live_sockets 0\n") && text.contains("paceline_live_sessions 0\n"))
        }
    }

    @Test("a JSON log line holds the message, level, time and metadata as JSON values")
    func jsonLines() throws {
        let lines = Mutex<[Data]>([])
        var logger = Logger(label: "test") { JSONLogHandler(label: $0, level: .info) { line in lines.withLock { $0.append(line) } } }
        logger[metadataKey: "request-id"] = "abc"
        logger.info("GET /api/v1/runs 200", metadata: ["status": .stringConvertible(200), "ms": .stringConvertible(1.5), "route": "/api/v1/runs"])
        logger.debug("not written")
        let written = lines.withLock { $0 }
        #expect(written.count == 1 && written[0].last == UInt8(ascii: "\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: written[0]) as? [String: Any])
        #expect(object["message"] as? String == "GET /api/v1/runs 200" && object["level"] as? String == "info")
        #expect(object["status"] as? Int == 200 && object["ms"] as? Double == 1.5 && object["request-id"] as? String == "abc")
        #expect((object["time"] as? String)?.hasSuffix("Z") == true)
    }

    @Test("a backup taken while the server serves holds every run, passes the integrity check, and never overwrites")
    func backup() async throws {
        try await withServer(.sqlite) { server in
            let ann = try await server.newUser("Ann")
            for _ in 0..<3 { _ = try await server.upload("gpx/run.gpx", as: ann) }
            let copy = FileManager.default.temporaryDirectory.appendingPathComponent("backup-\(UUID().uuidString).sqlite")
            defer { try? FileManager.default.removeItem(at: copy) }
            let report = try await DatabaseBackup.backUp(server.location, to: copy)
            #expect(report.runs == 3 && report.bytes > 0)
            await #expect(throws: DatabaseBackup.Failure.self) { try await DatabaseBackup.backUp(server.location, to: copy) }
            // The copy serves: a server on it lists Ann's runs.
            let restored = try await DatabaseLocation.sqlite(path: copy.path).withApplication { app in
                try await Run.query(on: app.db).count()
            }
            #expect(restored == 3)
        }
    }
}
