import Foundation
import Synchronization
import Vapor

/// A host of pictures for tests, on 127.0.0.1, answering what the server's picture fetcher
/// must take or refuse: `/picture.png` and `/picture.jpg` (images), `/page.html` (not an
/// image), `/disguised.png` (HTML said to be a PNG), `/big.png` (a PNG over 5 MB),
/// `/slow.png` (an image after 3 s), `/hop` (a redirect to `/picture.png`), `/away` (a
/// redirect to another host), `/loop` (a redirect to itself), `/broken` (500). It counts
/// the requests to each path.
public final class TestPictureHost: Sendable {
    /// An 8 × 6 green PNG.
    public static let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAAEUlEQVR42mPQ6InCihgGUgIAzOgyoZoUGZkAAAAASUVORK5CYII=")!
    /// The start of a JPEG (its signature and a JFIF header), enough for a signature check.
    public static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) + Data("JFIF".utf8) + Data(repeating: 0, count: 64)

    private let app: Application
    private let counts = Mutex<[String: Int]>([:])
    /// `http://127.0.0.1:PORT`.
    public let baseURL: String
    /// The port it listens on.
    public let port: Int

    private init(app: Application, port: Int) {
        self.app = app
        self.port = port
        self.baseURL = "http://127.0.0.1:\(port)"
    }

    /// Starts one, runs `body` with it, and stops it.
    public static func with<R>(_ body: (TestPictureHost) async throws -> R) async throws -> R {
        var environment = Environment.testing
        environment.arguments = ["picture-host"]
        let app = try await Application.make(environment)
        app.logger.logLevel = .warning
        let holder = Mutex<TestPictureHost?>(nil)
        func answer(_ path: String, _ make: @escaping @Sendable (Request) async throws -> Response) {
            app.get(PathComponent(stringLiteral: path)) { request in
                holder.withLock { $0 }?.counts.withLock { $0[path, default: 0] += 1 }
                return try await make(request)
            }
        }
        @Sendable func bytes(_ data: Data, _ type: String) -> Response {
            Response(status: .ok, headers: ["Content-Type": type], body: .init(data: data))
        }
        answer("picture.png") { _ in bytes(png, "image/png") }
        answer("picture.jpg") { _ in bytes(jpeg, "image/jpeg") }
        answer("page.html") { _ in bytes(Data("<!doctype html><p>not a picture</p>".utf8), "text/html") }
        answer("disguised.png") { _ in bytes(Data("<!doctype html><script>alert(1)</script>".utf8), "image/png") }
        answer("big.png") { _ in bytes(png + Data(repeating: 0, count: 5 << 20), "image/png") }
        answer("slow.png") { _ in
            try await Task.sleep(for: .seconds(3))
            return bytes(png, "image/png")
        }
        answer("hop") { _ in Response(status: .found, headers: ["Location": "/picture.png"]) }
        answer("away") { _ in Response(status: .found, headers: ["Location": "https://elsewhere.example/picture.png"]) }
        answer("loop") { _ in Response(status: .found, headers: ["Location": "/loop"]) }
        answer("broken") { _ in Response(status: .internalServerError) }
        return try await LoopbackServer.serving(app) { port in
            let host = TestPictureHost(app: app, port: port)
            holder.withLock { $0 = host }
            return try await body(host)
        }
    }

    /// How many requests `path` (without its slash) has had.
    public func requests(to path: String) -> Int { counts.withLock { $0[path, default: 0] } }
}
