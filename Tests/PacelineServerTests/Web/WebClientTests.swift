import AsyncHTTPClient
import Foundation
import NIOCore
import PacelineTestSupport
import Testing

/// The web app is served beside the API: `Public/` at `/` (Leaflet and Chart.js under
/// `/vendor/`), and the tile configuration; anything else is still
/// the API's JSON 404, and nothing outside those folders can be read.
@Suite("Web client")
struct WebClientTests {
    @Test("the app shell, its modules, the vendor libraries and the configuration are served", arguments: TestDatabase.available)
    func served(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let page = try await get(server, "/")
            #expect(page.status == 200 && page.type.hasPrefix("text/html"))
            #expect(page.text.contains(#"<script type="module" src="/js/app.js">"#))
            let module = try await get(server, "/js/app.js")
            #expect(module.status == 200 && module.type.contains("javascript"))
            let worker = try await get(server, "/sw.js")
            #expect(worker.status == 200 && worker.text.contains("SHELL"))
            let manifest = try await get(server, "/manifest.json")
            #expect(manifest.status == 200 && manifest.text.contains(#""start_url""#))

            let configuration = try await get(server, "/app-config.json")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(configuration.text.utf8)) as? [String: Any])
            #expect(json["tileURL"] as? String == "https://tile.openstreetmap.org/{z}/{x}/{y}.png")
            // How people sign in here: passwords, no provider, no proxy in front.
            let signIn = try #require(json["signIn"] as? [String: Any])
            #expect(signIn["passwords"] as? Bool == true && signIn["provider"] == nil && signIn["byProxy"] as? Bool == false)

            // The vendor libraries come with the app, whatever the machine has installed.
            let leaflet = try await get(server, "/vendor/leaflet/leaflet.min.js")
            #expect(leaflet.status == 200 && leaflet.type.contains("javascript") && leaflet.text.contains("leaflet"))
            let style = try await get(server, "/vendor/leaflet/leaflet.css")
            #expect(style.status == 200 && style.type.hasPrefix("text/css"))
            let chart = try await get(server, "/vendor/chart.js/chart.min.js")
            #expect(chart.status == 200 && chart.text.contains("Chart.js v3.9.1"))
        }
    }

    @Test("unknown paths are JSON 404s and nothing outside the folders is served", arguments: TestDatabase.available)
    func confined(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let missing = try await get(server, "/no-such-page.html")
            #expect(missing.status == 404 && missing.text.contains(#""code":"not_found""#))
            for path in ["/../Package.swift", "/js/../../Package.swift", "/vendor/leaflet/../../../../etc/passwd", "/%2e%2e/Package.swift"] {
                let escape = try await get(server, path)
                #expect([400, 403, 404].contains(escape.status), "\(path) answered \(escape.status)")
                #expect(!escape.text.contains("swift-tools-version") && !escape.text.contains("root:"))
            }
        }
    }

    private struct Answer {
        let status: Int
        let type: String
        let text: String
    }

    /// GET `path` from the server's root (not under /api/v1).
    private func get(_ server: TestServer, _ path: String) async throws -> Answer {
        let root = server.baseURL.absoluteString.replacingOccurrences(of: "/api/v1", with: "")
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: root + path), timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 8 << 20)
        return Answer(status: Int(response.status.code), type: response.headers.first(name: "Content-Type") ?? "",
                      text: String(buffer: body))
    }
}
