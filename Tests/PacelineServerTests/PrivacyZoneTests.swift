import Foundation
import PacelineAPI
import PacelineCore
import PacelineTestSupport
import Testing

/// A privacy zone at a run's start: nobody else, through any endpoint that returns
/// geometry, sees a point inside it; the owner sees the whole track; distances stay true.
@Suite("Privacy zones")
struct PrivacyZoneTests {
    static let json = [("Content-Type", "application/json")]

    @Test("as another user and as nobody, no endpoint shows a point inside the zone; the owner sees all",
          arguments: TestDatabase.available)
    func hidden(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: ._public)
            let bo = try await server.newUser("Bo", sharing: ._public)
            let runID = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            let route = try await ann.client.createRoute(body: .json(.init(runId: runID))).created.body.json
            let boRun = try #require(try await server.upload("gpx/run.gpx", as: bo).json?["id"] as? String)
            _ = try await bo.client.addRouteRun(path: .init(routeId: route.id), body: .json(.init(runId: boRun))).created
            let before = try await ann.client.getRun(path: .init(runId: runID)).ok.body.json
            let home = try #require(before.start)
            let svgBefore = try await ShareTests.get(server, "/share/runs/\(runID)/map.svg").body

            let zone = PrivacyZone(center: Coordinate(latitude: home.latitude, longitude: home.longitude), radiusMeters: 300)
            let set = try await ann.client.putPrivacyZones(body: .json(.init(zones: [.init(latitude: home.latitude, longitude: home.longitude, radiusMeters: 300)])))
            #expect(try set.ok.body.json.zones.count == 1)
            func outside(_ latitude: Double, _ longitude: Double) -> Bool { !zone.contains(Coordinate(latitude: latitude, longitude: longitude)) }

            for viewer in [bo.token, nil] as [String?] {
                let run = try #require(try await server.raw(.GET, "/runs/\(runID)", token: viewer).json)
                #expect(run["start"] == nil, "the start is in the zone")
                #expect(run["distanceMeters"] as? Double == before.distanceMeters, "the distance stays true")

                let track = try await server.raw(.GET, "/runs/\(runID)/track", token: viewer)
                let features = try #require(track.json?["features"] as? [[String: Any]])
                let lines = try #require((features.first?["geometry"] as? [String: Any])?["coordinates"] as? [[[Double]]])
                #expect(features.count == 1 && !lines.isEmpty && lines.joined().allSatisfy { outside($0[1], $0[0]) })

                let series = try #require(try await server.raw(.GET, "/runs/\(runID)/series", token: viewer).json?["points"] as? [[String: Any]])
                #expect(!series.isEmpty && series.allSatisfy { outside($0["latitude"] as! Double, $0["longitude"] as! Double) })
                #expect((series.first?["distanceMeters"] as? Double ?? 0) > 200, "the points shown keep their distance from the true start")

                for format in ["gpx", "tcx", "fit"] {
                    for path in ["/runs/\(runID)/export?format=\(format)", "/routes/\(route.id)/course?format=\(format)"] {
                        let file = try await server.raw(.GET, path, token: viewer)
                        #expect(file.status == 200, "\(path)")
                        let fixes = try ActivityReader.readAll(file.body, format: ActivityFormat(rawValue: format))
                            .flatMap { $0.track.fixes + $0.routes.joined() }
                        #expect(!fixes.isEmpty && fixes.compactMap(\.coordinate).allSatisfy { !zone.contains($0) }, "\(path)")
                    }
                }

                let pace = try #require(try await server.raw(.GET, "/routes/\(route.id)/pace", token: viewer).json?["checkpoints"] as? [[String: Any]])
                #expect(!pace.isEmpty && pace.allSatisfy { outside($0["latitude"] as! Double, $0["longitude"] as! Double) })

                let detail = try #require(try await server.raw(.GET, "/routes/\(route.id)", token: viewer).json?["route"] as? [String: Any])
                let start = try #require(detail["start"] as? [String: Double])
                #expect(outside(start["latitude"]!, start["longitude"]!), "the route is pinned outside the zone")

                let comparison = try await server.raw(.GET, "/routes/\(route.id)/comparison?a=\(runID)&b=\(boRun)", token: viewer)
                let moments = try #require(comparison.json?["moments"] as? [[String: Any]])
                #expect(moments.compactMap { $0["a"] as? [String: Double] }.allSatisfy { outside($0["latitude"]!, $0["longitude"]!) })
                #expect(moments.contains { $0["b"] != nil }, "Bo has no zone: his positions show")
            }
            let box = String(format: "%f,%f,%f,%f", home.longitude - 0.05, home.latitude - 0.05, home.longitude + 0.05, home.latitude + 0.05)
            let browsed = try #require(try await server.raw(.GET, "/routes?bbox=\(box)&zoom=16").json?["routes"] as? [[String: Any]])
            for listed in browsed {
                let start = try #require(listed["start"] as? [String: Double])
                #expect(outside(start["latitude"]!, start["longitude"]!))
            }
            let svgAfter = try await ShareTests.get(server, "/share/runs/\(runID)/map.svg")
            #expect(svgAfter.status == 200 && svgAfter.body != svgBefore, "the picture is drawn without the zone")
            #expect(try await ShareTests.get(server, "/share/runs/\(runID)/map.png").status == 200)
            // The route's picture is the run's, but for its <title> (the route's name, the run's title).
            let untitled = { (svg: String) in svg.replacingOccurrences(of: "<title>[^<]*</title>", with: "", options: .regularExpression) }
            #expect(untitled(try await ShareTests.get(server, "/share/routes/\(route.id)/map.svg").body) == untitled(svgAfter.body))

            // A friend's feed shows the run without its start.
            try await server.befriend(ann, bo)
            let feed = try #require(try await server.raw(.GET, "/feed", token: bo.token).json?["items"] as? [[String: Any]])
            let item = try #require(feed.first { ($0["run"] as? [String: Any])?["id"] as? String == runID })
            #expect((item["run"] as? [String: Any])?["start"] == nil)

            // The owner sees everything.
            let own = try await ann.client.getRunSeries(path: .init(runId: runID)).ok.body.json.series().points
            #expect(own.first.map { zone.contains(Coordinate(latitude: $0.latitude, longitude: $0.longitude)) } == true)
            #expect(try await ann.client.getRun(path: .init(runId: runID)).ok.body.json.start != nil)
        }
    }

    @Test("a zone out of bounds is 400 naming it, and nothing changes", arguments: TestDatabase.available)
    func badZones(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            _ = try await ann.client.putPrivacyZones(body: .json(.init(zones: [.init(latitude: 55.86, longitude: -4.25, radiusMeters: 500)]))).ok
            let zone = #"{"latitude": 55.9, "longitude": -4.3, "radiusMeters": 500}"#
            let cases: [(String, String)] = [
                (#"{"zones": [\#(zone), {"latitude": 55.9, "longitude": -4.3, "radiusMeters": 150}]}"#, "zones[1].radiusMeters"),
                (#"{"zones": [{"latitude": 55.9, "longitude": -4.3, "radiusMeters": 1001}]}"#, "zones[0].radiusMeters"),
                (#"{"zones": [{"latitude": 95, "longitude": -4.3, "radiusMeters": 500}]}"#, "zones[0]"),
                (#"{"zones": [\#(Array(repeating: zone, count: 11).joined(separator: ","))]}"#, "zones"),
            ]
            for (body, field) in cases {
                let response = try await server.raw(.PUT, "/me/privacy-zones", token: ann.token, headers: Self.json, body: Data(body.utf8))
                #expect(response.status == 400 && String(decoding: response.body, as: UTF8.self).contains(field), "\(body)")
            }
            let kept = try await ann.client.getPrivacyZones().ok.body.json.zones
            #expect(kept.count == 1 && kept[0].radiusMeters == 500)
            #expect(try await server.raw(.GET, "/me/privacy-zones").status == 401)
        }
    }

    @Test("a route whose whole path a new zone hides becomes its creator's alone; a route's picture follows its run's privacy",
          arguments: TestDatabase.available)
    func wholeRouteHidden(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: ._public)
            let start = Coordinate(latitude: 55.87, longitude: -4.26)
            let short = try await ann.client.uploadRun(body: .json(MissionFiles.northward(from: start, metres: 600, start: Date()))).created.body.json
            let route = try await ann.client.createRoute(body: .json(.init(runId: short.id))).created.body.json
            #expect(try await server.raw(.GET, "/routes/\(route.id)").status == 200)
            _ = try await ann.client.putPrivacyZones(body: .json(.init(zones: [.init(latitude: 55.8727, longitude: -4.26, radiusMeters: 1_000)]))).ok
            #expect(try await server.raw(.GET, "/routes/\(route.id)").status == 404, "its pin would show the hidden place")
            #expect(try await ann.client.getRoute(path: .init(routeId: route.id)).ok.body.json.route.privacy == ._private)
            // Publishing a run wholly inside is refused, saying why.
            let again = try await ann.client.uploadRun(body: .json(MissionFiles.northward(from: start, metres: 600, start: Date().addingTimeInterval(3_600)))).created.body.json
            let refused = try await server.raw(.POST, "/routes", token: ann.token, headers: Self.json, body: Data(#"{"runId": "\#(again.id)"}"#.utf8))
            #expect(refused.status == 422 && String(decoding: refused.body, as: UTF8.self).contains("privacy zones"))

            // A public route's picture is its run's path: a run made private keeps it to itself.
            let bo = try await server.newUser("Bo", sharing: ._public)
            let boRun = try #require(try await server.upload("gpx/run.gpx", as: bo).json?["id"] as? String)
            let boRoute = try await bo.client.createRoute(body: .json(.init(runId: boRun))).created.body.json
            #expect(try await ShareTests.get(server, "/share/routes/\(boRoute.id)/map.svg").status == 200)
            _ = try await bo.client.updateRun(path: .init(runId: boRun), body: .json(.init(privacy: ._private))).ok
            #expect(try await ShareTests.get(server, "/share/routes/\(boRoute.id)/map.svg").status == 404)
            #expect(try await ShareTests.get(server, "/share/routes/\(boRoute.id)/map.png").status == 404)
        }
    }
}
