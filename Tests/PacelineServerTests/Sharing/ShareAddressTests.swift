import AsyncHTTPClient
import Foundation
import NIOHTTP1
import PacelineAPI
import PacelineTestSupport
import Testing

/// Share pages write the server's configured address, never one a request names, and are
/// never served from a cache after their run stops being public.
@Suite("Share pages: addresses and caching")
struct ShareAddressTests {
    /// A GET of `path` (outside `/api/v1`) with extra `headers`: status, headers, body.
    static func get(_ server: TestServer, _ path: String, headers: [(String, String)] = []) async throws
        -> (status: Int, headers: HTTPHeaders, body: String) {
        var request = HTTPClientRequest(url: server.baseURL.absoluteString.replacingOccurrences(of: "/api/v1", with: "") + path)
        for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        return (Int(response.status.code), response.headers, String(buffer: try await response.body.collect(upTo: 1 << 22)))
    }

    static let forged = [("Host", "evil.example"), ("X-Forwarded-Host", "evil.example"), ("X-Forwarded-Proto", "gopher")]

    @Test("a foreign Host or X-Forwarded-* is never echoed: absolute URLs come from the public URL", arguments: TestDatabase.available)
    func publicURL(database: TestDatabase) async throws {
        try await withServer(database, publicURL: URL(string: "https://runs.example.org")) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let run = try await AchievementTests.upload(ann, meters: 5200, start: AchievementTests.morning, privacy: .public)
            let page = try await Self.get(server, "/share/runs/\(run.id)", headers: Self.forged)
            #expect(page.status == 200)
            #expect(!page.body.contains("evil.example") && !page.body.contains("gopher"))
            #expect(ShareTests.metaContent(page.body, "og:url") == "https://runs.example.org/share/runs/\(run.id)")
            #expect(ShareTests.metaContent(page.body, "og:image") == "https://runs.example.org/share/runs/\(run.id)/map.png")
            #expect(page.body.contains("<link rel=\"canonical\" href=\"https://runs.example.org/share/runs/\(run.id)\">"))
            // The page's own picture comes from the server showing the page, whatever its address.
            #expect(page.body.contains("<img class=\"map\" src=\"/share/runs/\(run.id)/map.svg\""))
            let badge = try await Self.get(server, "/share/badges/\(ann.id)/longest-5", headers: Self.forged)
            #expect(badge.status == 200 && !badge.body.contains("evil.example"))
            #expect(ShareTests.metaContent(badge.body, "og:url")?.hasPrefix("https://runs.example.org/share/badges/") == true)
        }
    }

    @Test("without a public URL the links are relative to the server, never a request's Host", arguments: TestDatabase.available)
    func noPublicURL(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let run = try await AchievementTests.upload(ann, meters: 3000, start: AchievementTests.morning, privacy: .public)
            let page = try await Self.get(server, "/share/runs/\(run.id)", headers: Self.forged)
            #expect(page.status == 200 && !page.body.contains("evil.example") && !page.body.contains("gopher"))
            #expect(ShareTests.metaContent(page.body, "og:url") == "/share/runs/\(run.id)")
        }
    }

    @Test("a run made private after sharing: page and pictures answer 404 at once, and no cache may keep them",
          arguments: TestDatabase.available)
    func madePrivate(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let run = try await AchievementTests.upload(ann, meters: 3000, start: AchievementTests.morning, privacy: .public)
            let paths = ["/share/runs/\(run.id)", "/share/runs/\(run.id)/map.svg", "/share/runs/\(run.id)/map.png"]
            var tags: [String: String] = [:]
            for path in paths {
                let shared = try await Self.get(server, path)
                #expect(shared.status == 200)
                // A proxy or robot may keep a copy but must ask again before using it.
                let cacheControl = shared.headers.first(name: "Cache-Control") ?? ""
                #expect(cacheControl.contains("no-cache"), "\(path): \(cacheControl)")
                #expect(!cacheControl.contains("max-age") || cacheControl.contains("max-age=0"), "\(path): \(cacheControl)")
                let tag = try #require(shared.headers.first(name: "ETag"), "\(path) has an ETag")
                tags[path] = tag
                let again = try await Self.get(server, path, headers: [("If-None-Match", tag)])
                #expect(again.status == 304 && again.body.isEmpty, "\(path) revalidated")
            }
            _ = try await ann.client.updateRun(path: .init(runId: run.id), body: .json(.init(privacy: .private))).ok
            for path in paths {
                let asked = try await Self.get(server, path, headers: [("If-None-Match", tags[path] ?? "")])
                #expect(asked.status == 404, "\(path) after the run became private")
                #expect(!asked.body.contains("Ann") && !asked.body.contains("<svg"), "\(path) shows nothing")
            }
        }
    }
}
