import Foundation
import Synchronization
import Vapor

/// A push service for tests, on 127.0.0.1: it takes what the server pushes to
/// `/push/NAME` (answering 201, or 410 Gone for `/push/gone…`, as a push service does for
/// a subscription that ended) and keeps each message's headers and body, for the test to
/// decrypt with an independent implementation (`PythonPeer`, http_ece).
public final class TestPushService: Sendable {
    /// One message as it arrived.
    public struct Message: Sendable {
        public let name: String
        public let headers: [String: String]
        public let body: Data
    }

    private let app: Application
    private let received = Mutex<[Message]>([])
    /// `http://127.0.0.1:PORT`.
    public let baseURL: String

    private init(app: Application, baseURL: String) {
        self.app = app
        self.baseURL = baseURL
    }

    /// Starts one, runs `body` with it, and stops it.
    public static func with<R>(_ body: (TestPushService) async throws -> R) async throws -> R {
        var environment = Environment.testing
        environment.arguments = ["push-service"]
        let app = try await Application.make(environment)
        app.logger.logLevel = .warning
        app.http.server.configuration.hostname = "127.0.0.1"
        app.http.server.configuration.port = 0
        let holder = Mutex<TestPushService?>(nil)
        app.on(.POST, "push", ":name", body: .collect(maxSize: "64kb")) { request -> Response in
            let name = request.parameters.get("name") ?? ""
            let headers = Dictionary(request.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
            let data = request.body.data.map { Data(buffer: $0) } ?? Data()
            holder.withLock { $0 }?.received.withLock { $0.append(Message(name: name, headers: headers, body: data)) }
            return Response(status: name.hasPrefix("gone") ? .gone : .created)
        }
        return try await LoopbackServer.serving(app) { port in
            let service = TestPushService(app: app, baseURL: "http://127.0.0.1:\(port)")
            holder.withLock { $0 = service }
            return try await body(service)
        }
    }

    /// The messages taken so far.
    public var messages: [Message] { received.withLock { $0 } }

    /// Waits up to `seconds` for a message to `name` beyond the first `after`, and answers it.
    public func next(to name: String, after count: Int = 0, seconds: Double = 10) async throws -> Message? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let mine = messages.filter { $0.name == name }
            if mine.count > count { return mine[count] }
            try await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }
}
