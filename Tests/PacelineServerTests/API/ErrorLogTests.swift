import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime
import Synchronization
import Testing
@testable import PacelineServer

/// What a failure writes to the log: never a request's path, which holds ids, search text
/// and the secret of a live safety link.
@Suite struct ErrorLogTests {
    struct Broken: Error {}

    @Test("a 500 in the live link's view logs its operation, not the secret in its path")
    func failedOperationLogsNoPath() async throws {
        let lines = Mutex<[String]>([])
        let logger = Logger(label: "test") { JSONLogHandler(label: $0, level: .info) { line in
            lines.withLock { $0.append(String(decoding: line, as: UTF8.self)) }
        } }
        let secret = "bc_" + String(repeating: "s3cr3t", count: 7)
        let request = HTTPRequest(method: .get, scheme: "http", authority: "localhost",
                                  path: "/api/v1/beacon-views/\(secret)?q=private%20words")
        let (response, _) = try await APIErrorTranslator(logger: logger).intercept(
            request, body: nil, metadata: .init(), operationID: "getBeaconView") { _, _, _ in throw Broken() }
        #expect(response.status == .internalServerError)
        let logged = lines.withLock { $0 }
        #expect(logged.count == 1)
        #expect(logged.allSatisfy { $0.contains("getBeaconView failed") && !$0.contains(secret) && !$0.contains("private") })
    }
}
