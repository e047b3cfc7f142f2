import AsyncHTTPClient
import Foundation
import PacelineAPI
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// Public share pages: link-card tags and a map preview for what the owner made public,
/// 404 for anything else, and user text escaped.
@Suite("Share pages")
struct ShareTests {
    static func get(_ server: TestServer, _ path: String) async throws -> (status: Int, type: String, body: String, bytes: Data, cacheControl: String) {
        let root = server.baseURL.absoluteString.replacingOccurrences(of: "/api/v1", with: "")
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: root + path), timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 22)
        return (Int(response.status.code), response.headers.first(name: "Content-Type") ?? "", String(buffer: body),
                Data(body.readableBytesView), response.headers.first(name: "Cache-Control") ?? "")
    }

    @Test("a public run's page has its card and map; private and friends-only runs are 404; a hostile name stays text", arguments: TestDatabase.available)
    func runs(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let hostile = "<script>alert(1)</script>\" onload=\"x"
            let open = try await AchievementTests.upload(ann, meters: 5000, start: AchievementTests.morning, privacy: .public, name: hostile)
            let page = try await Self.get(server, "/share/runs/\(open.id)")
            #expect(page.status == 200 && page.type.hasPrefix("text/html"))
            #expect(page.body.contains("<meta property=\"og:title\" content=\"&lt;script&gt;alert(1)&lt;/script&gt;&quot; onload=&quot;x\">"))
            #expect(!page.body.contains("<script>"))
            #expect(page.body.contains("og:description\" content=\"Run by Ann: 5.00 km in 27:4"))
            let stored = try await ann.client.getRun(path: .init(runId: open.id)).ok.body.json
            let pace = UnitSystem.metric.pace(secondsPerKilometer: stored.averagePaceSecondsPerKilometer)
            #expect(page.body.contains("og:description\" content=\"Run by Ann: 5.00 km in \(UnitSystem.clock(stored.movingSeconds)) (\(pace))\""),
                    "the pace the run's page in the app shows")
            // Link cards get the PNG (no SVG on Facebook, X, LinkedIn, Slack, iMessage); the page shows the SVG.
            #expect(page.body.contains("<meta property=\"og:image:type\" content=\"image/png\">"))
            #expect(page.body.contains("<img class=\"map\" src=\"/share/runs/\(open.id)/map.svg\""))
            #expect(page.body.contains("twitter:card\" content=\"summary_large_image\""))
            // No public URL configured here: paths from the root (ShareAddressTests has one).
            #expect(Self.metaContent(page.body, "og:image") == "/share/runs/\(open.id)/map.png")
            #expect(Self.metaContent(page.body, "twitter:image") == "/share/runs/\(open.id)/map.png")

            let map = try await Self.get(server, "/share/runs/\(open.id)/map.svg")
            #expect(map.status == 200 && map.type == "image/svg+xml")
            #expect(map.body.hasPrefix("<svg ") && map.body.contains("<path d=\"M") && map.body.contains("class=\"finish\""))
            #expect(map.body.utf8.count < 20_000)

            let png = try await Self.get(server, "/share/runs/\(open.id)/map.png")
            #expect(png.status == 200 && png.type == "image/png" && png.cacheControl == map.cacheControl)
            #expect(png.bytes.count < 60_000)
            let decoded = try PNGPeer.decode(png.bytes, pixels: [(0, 0)])
            #expect(decoded.width == 1200 && decoded.height == 630 && decoded.pixels == ["#eef3f1"])
            // Drawn once, then served from the preview cache.
            let openID = try #require(UUID(uuidString: open.id))
            #expect(SharePages.previews.contains { $0.run == openID })
            #expect(try await Self.get(server, "/share/runs/\(open.id)/map.png").bytes == png.bytes)

            for privacy in [Components.Schemas.Privacy.private, .friends] {
                let hidden = try await AchievementTests.upload(ann, meters: 3000, start: AchievementTests.morning.addingTimeInterval(86_400), privacy: privacy)
                let page = try await Self.get(server, "/share/runs/\(hidden.id)")
                #expect(page.status == 404 && page.type.hasPrefix("text/html") && page.body.contains("Not shared"))
                #expect(try await Self.get(server, "/share/runs/\(hidden.id)/map.svg").status == 404)
                #expect(try await Self.get(server, "/share/runs/\(hidden.id)/map.png").status == 404)
            }
            #expect(try await Self.get(server, "/share/runs/nonsense").status == 404)
            #expect(try await Self.get(server, "/share/runs/nonsense/map.png").status == 404)

            // A run made private later stops being shared at once, its picture kept or not.
            _ = try await ann.client.updateRun(path: .init(runId: open.id), body: .json(.init(privacy: .private))).ok
            #expect(try await Self.get(server, "/share/runs/\(open.id)").status == 404)
            #expect(try await Self.get(server, "/share/runs/\(open.id)/map.png").status == 404)
        }
    }

    @Test("routes and badges: shared when public", arguments: TestDatabase.available)
    func routesAndBadges(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let run = try await AchievementTests.upload(ann, meters: 5200, start: AchievementTests.morning, privacy: .public)
            let route = try await ann.client.createRoute(body: .json(.init(runId: run.id, name: "River & <Park>"))).created.body.json
            let page = try await Self.get(server, "/share/routes/\(route.id)")
            #expect(page.status == 200 && page.body.contains("<title>River &amp; &lt;Park&gt; · Paceline</title>"))
            #expect(try await Self.get(server, "/share/routes/\(route.id)/map.svg").body.contains("<title>River &amp; &lt;Park&gt;</title>"))
            #expect(Self.metaContent(page.body, "og:image")?.hasSuffix("/share/routes/\(route.id)/map.png") == true)
            let png = try await Self.get(server, "/share/routes/\(route.id)/map.png")
            #expect(png.status == 200 && png.type == "image/png")
            #expect(try PNGPeer.decode(png.bytes).width == 1200)

            let badge = try await Self.get(server, "/share/badges/\(ann.id)/longest-5")
            #expect(badge.status == 200 && badge.body.contains("og:title\" content=\"Ann earned “First 5 km”\""))
            #expect(Self.metaContent(badge.body, "og:image")?.hasSuffix("/share/runs/\(run.id)/map.png") == true)
            #expect(badge.body.contains("og:image:type\" content=\"image/png\""))
            #expect(try await Self.get(server, "/share/badges/\(ann.id)/distance-1000").status == 404, "not earned")
            // The badge's run no longer public: the badge is still shared, without its map.
            _ = try await ann.client.updateRun(path: .init(runId: run.id), body: .json(.init(privacy: .friends))).ok
            let mapless = try await Self.get(server, "/share/badges/\(ann.id)/longest-5")
            #expect(mapless.status == 200 && !mapless.body.contains("/map.") && mapless.body.contains("twitter:card\" content=\"summary\""))
            _ = try await ann.client.updateProfile(body: .json(.init(defaultPrivacy: .friends))).ok
            #expect(try await Self.get(server, "/share/badges/\(ann.id)/longest-5").status == 404, "profile not public")
        }
    }

    /// The `content` of the `<meta>` whose `property` or `name` is `key`.
    static func metaContent(_ html: String, _ key: String) -> String? {
        for attribute in ["property", "name"] {
            let marker = "<meta \(attribute)=\"\(key)\" content=\""
            guard let start = html.range(of: marker) else { continue }
            return html[start.upperBound...].prefix { $0 != "\"" }.description
        }
        return nil
    }
}
