import AsyncHTTPClient
import Foundation
import PacelineTestSupport
import Testing

@testable import PacelineServer

/// Every answer carries the browser's defences: a Content-Security-Policy that runs only
/// this server's script files, `nosniff` and a referrer policy; and the pages we serve
/// need nothing that policy forbids (no inline script or style).
@Suite("Security headers")
struct SecurityHeadersTests {
    @Test("the app, a share page, the not-shared page, the API, a static file and an error all carry them", arguments: TestDatabase.available)
    func everywhere(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let upload = try await server.upload("gpx/run.gpx", as: ann)
            let runID = try #require(upload.json?["id"] as? String)
            let paths = ["/", "/share/runs/\(runID)", "/share/runs/\(UUID())", "/share/page.css", "/api/v1/health", "/js/app.js",
                         "/vendor/leaflet/leaflet.min.js", "/api/v1/no-such-thing"]
            for path in paths {
                let answer = try await get(server, path)
                #expect(answer.header("X-Content-Type-Options") == "nosniff", "\(path)")
                #expect(answer.header("Referrer-Policy") == "strict-origin-when-cross-origin", "\(path)")
                let policy = try #require(answer.header("Content-Security-Policy"), "\(path)")
                let directives = Dictionary(uniqueKeysWithValues: policy.split(separator: ";").map {
                    let words = $0.split(separator: " ").map(String.init)
                    return (words[0], Set(words.dropFirst()))
                })
                #expect(directives["script-src"] == ["'self'"], "\(path): \(policy)")
                #expect(directives["style-src"] == ["'self'"] && directives["default-src"] == ["'self'"])
                #expect(directives["object-src"] == ["'none'"] && directives["base-uri"] == ["'none'"] && directives["frame-ancestors"] == ["'none'"])
                #expect(directives["img-src"] == ["'self'", "data:", "https://tile.openstreetmap.org"], "\(path): \(policy)")
                #expect(directives["connect-src"] == ["'self'"] && directives["form-action"] == ["'self'"])
                #expect(directives["worker-src"] == ["'self'"] && directives["manifest-src"] == ["'self'"])
                #expect(!policy.contains("unsafe"))
            }
            // What the policy would block is not in our pages: inline scripts, inline styles.
            for path in ["/", "/share/runs/\(runID)", "/share/runs/\(UUID())"] {
                let page = try await get(server, path)
                #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
                #expect(!page.text.contains("<style") && !page.text.contains(" style="), "\(path)")
                let scripts = page.text.components(separatedBy: "<script").dropFirst()
                #expect(scripts.allSatisfy { $0.prefix { $0 != ">" }.contains("src=") }, "\(path) has an inline script")
            }
        }
    }

    @Test("the public URL's origin may serve images too (share pages' absolute map links)")
    func publicURLImages() async throws {
        try await withServer(publicURL: URL(string: "https://runs.example.org")) { server in
            let policy = try #require(try await get(server, "/").header("Content-Security-Policy"))
            #expect(policy.contains("img-src 'self' data: https://tile.openstreetmap.org https://runs.example.org;"), "\(policy)")
        }
    }

    @Test("the tile server's origin as a source: {s} becomes a wildcard, anything odd is left out")
    func tileOrigins() {
        let cases: [(String, String?)] = [
            ("https://tile.openstreetmap.org/{z}/{x}/{y}.png", "https://tile.openstreetmap.org"),
            ("https://{s}.tile.example.org/{z}/{x}/{y}.png", "https://*.tile.example.org"),
            ("https://tiles{s}.example.org/{z}/{x}/{y}.png", "https://*.example.org"),
            ("http://127.0.0.1:9/{z}/{x}/{y}.png", "http://127.0.0.1:9"),
            ("HTTPS://Tiles.Example.org:8443/{z}/{x}/{y}.png?key=1", "https://tiles.example.org:8443"),
            ("/tiles/{z}/{x}/{y}.png", nil),
            ("ftp://tiles.example.org/{z}/{x}/{y}.png", nil),
            ("https://tiles.example.org;script-src *;/{z}.png", nil),
            ("https://a.{s}.example.org/{z}/{x}/{y}.png", nil),
        ]
        for (template, origin) in cases {
            #expect(SecurityHeaders.tileOrigin(template) == origin, "\(template)")
        }
    }

    private struct Answer {
        let headers: [(String, String)]
        let text: String
        func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
    }

    /// GET `path` from the server's root (not under /api/v1).
    private func get(_ server: TestServer, _ path: String) async throws -> Answer {
        let root = server.baseURL.absoluteString.replacingOccurrences(of: "/api/v1", with: "")
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: root + path), timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 8 << 20)
        return Answer(headers: response.headers.map { ($0.name, $0.value) }, text: String(buffer: body))
    }
}
