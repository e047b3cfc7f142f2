import Foundation
import PacelineAPI
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import SQLKit
import Testing

/// A privacy zone at a run's start: nobody else, through any endpoint that returns
/// geometry, sees a point inside its hidden circle, and what they see is measured from its
/// first point shown; the owner sees the whole track; the run's totals stay true.
@Suite("Privacy zones")
struct PrivacyZoneTests {
    static let json = [("Content-Type", "application/json")]

    @Test("as another user and as nobody, no endpoint shows a point inside the zone; the owner sees all",
          arguments: TestDatabase.available)
    func hidden(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let bo = try await server.newUser("Bo", sharing: .public)
            let runID = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            let route = try await ann.client.createRoute(body: .json(.init(runId: runID))).created.body.json
            let boRun = try #require(try await server.upload("gpx/run.gpx", as: bo).json?["id"] as? String)
            _ = try await bo.client.addRouteRun(path: .init(routeId: route.id), body: .json(.init(runId: boRun))).created
            let before = try await ann.client.getRun(path: .init(runId: runID)).ok.body.json
            let home = try #require(before.start)
            let svgBefore = try await ShareTests.get(server, "/share/runs/\(runID)/map.svg").body

            let set = try await ann.client.putPrivacyZones(body: .json(.init(zones: [.init(latitude: home.latitude, longitude: home.longitude, radiusMeters: 300)])))
            #expect(try set.ok.body.json.zones.map(\.latitude) == [home.latitude], "the answer is the zone as chosen")
            let zone = try #require(try await server.privacyZones(of: ann).first)
            #expect(zone.isChosen(at: Coordinate(latitude: home.latitude, longitude: home.longitude), radiusMeters: 300))
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
                #expect(series.first?["distanceMeters"] as? Double == 0 && series.first?["elapsedSeconds"] as? Double == 0,
                        "measured from the first point shown: from the true start it would tell how much was hidden")
                #expect((series.last?["distanceMeters"] as? Double ?? .infinity) < before.distanceMeters - 200)

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
                #expect(pace.first?["distanceMeters"] as? Double == 0 && pace.first?["elapsedSeconds"] as? Double == 0)

                let detail = try #require(try await server.raw(.GET, "/routes/\(route.id)", token: viewer).json?["route"] as? [String: Any])
                let start = try #require(detail["start"] as? [String: Double])
                #expect(outside(start["latitude"]!, start["longitude"]!), "the route is pinned outside the zone")

                let comparison = try await server.raw(.GET, "/routes/\(route.id)/comparison?a=\(runID)&b=\(boRun)", token: viewer)
                let moments = try #require(comparison.json?["moments"] as? [[String: Any]])
                #expect(moments.compactMap { $0["a"] as? [String: Double] }.allSatisfy { outside($0["latitude"]!, $0["longitude"]!) })
                #expect((moments.first?["a"] as? [String: Double])?["distanceMeters"] == 0, "Ann's run compared from where it is first seen")
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

    @Test("a zone's hidden circle is drawn when the zone is added, moved or resized, and kept while it is sent back unchanged",
          arguments: TestDatabase.available)
    func drawnOnce(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let (home, work) = (Coordinate(latitude: 55.8642, longitude: -4.2518), Coordinate(latitude: 55.8721, longitude: -4.2889))
            func put(_ zones: [(Coordinate, Double)]) async throws -> [PrivacyZone] {
                let sent = zones.map { Components.Schemas.PrivacyZone(latitude: $0.0.latitude, longitude: $0.0.longitude, radiusMeters: $0.1) }
                #expect(try await ann.client.putPrivacyZones(body: .json(.init(zones: sent))).ok.body.json.zones == sent, "the zones as chosen")
                return try await server.privacyZones(of: ann)
            }
            let first = try await put([(home, 400)])
            let offset = Geodesy.distance(home, first[0].hiddenCenter)
            #expect(first[0].isChosen(at: home, radiusMeters: 400) && (119.9...200.1).contains(offset)
                    && first[0].hiddenRadiusMeters == (400 + offset).rounded(.up))
            // Sent back with another before it: home keeps its circle.
            let second = try await put([(work, 600), (home, 400)])
            #expect(second[1] == first[0] && second[0].isChosen(at: work, radiusMeters: 600))
            // Resized, then moved: drawn again; work, unchanged, keeps its own.
            let resized = try await put([(work, 600), (home, 500)])
            #expect(resized[0] == second[0] && resized[1].isChosen(at: home, radiusMeters: 500) && resized[1].hiddenCenter != first[0].hiddenCenter)
            let moved = Coordinate(latitude: home.latitude + 0.0001, longitude: home.longitude)
            let after = try await put([(work, 600), (moved, 500)])
            #expect(after[0] == second[0] && after[1].isChosen(at: moved, radiusMeters: 500) && after[1].hiddenCenter != resized[1].hiddenCenter)
            // Reading the zones and others' documents draws nothing.
            let bo = try await server.newUser("Bo")
            _ = try await ann.client.getPrivacyZones().ok
            _ = try await server.raw(.GET, "/runs/\(try await SegmentTests.upload(ann, speed: 3, hoursAgo: 1, privacy: .public).id)/track", token: bo.token)
            #expect(try await server.privacyZones(of: ann) == after)
        }
    }

    @Test("migration 027 draws the hidden circle of every zone stored before it, once", arguments: TestDatabase.available)
    func migration(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public), bo = try await server.newUser("Bo", sharing: .public)
            let run = try await SegmentTests.upload(ann, speed: 3, hoursAgo: 1)
            let start = try #require(run.start)
            _ = try await bo.client.putPrivacyZones(body: .json(.init(zones: [.init(latitude: 10, longitude: 10, radiusMeters: 300)]))).ok
            let drawn = try await server.privacyZones(of: bo)[0]
            // As migration 016 stored zones: Ann's two without circles, Bo's one drawn and one not.
            let sql = try #require(server.app.db as? any SQLDatabase)
            func store(_ json: String, for user: TestUser) async throws {
                try await sql.update("users").set("privacy_zones", to: json).where("id", .equal, UUID(uuidString: user.id)!).run()
            }
            try await store(#"[{"center":{"latitude":\#(start.latitude),"longitude":\#(start.longitude)},"radiusMeters":300},"#
                            + #"{"center":{"latitude":10,"longitude":10},"radiusMeters":1000}]"#, for: ann)
            try await store(String(String(decoding: try JSONEncoder().encode([drawn]), as: UTF8.self).dropLast())
                            + #",{"center":{"latitude":20,"longitude":20},"radiusMeters":200}]"#, for: bo)
            try await DrawHiddenCircles().prepare(on: server.app.db)

            let zones = try await server.privacyZones(of: ann)
            #expect(zones.map(\.radiusMeters) == [300, 1_000] && zones[0].center == Coordinate(latitude: start.latitude, longitude: start.longitude))
            for zone in zones {
                let offset = Geodesy.distance(zone.center, zone.hiddenCenter) / zone.radiusMeters
                #expect(offset >= 0.3 - 1e-6 && offset <= 0.5 + 1e-6 && zone.hiddenRadiusMeters == (zone.radiusMeters * (1 + offset)).rounded(.up))
            }
            let bos = try await server.privacyZones(of: bo)
            #expect(bos.count == 2 && bos[0] == drawn && bos[1].isChosen(at: Coordinate(latitude: 20, longitude: 20), radiusMeters: 200))
            // Run again (after a crash half-way, say): nothing is drawn twice.
            try await DrawHiddenCircles().prepare(on: server.app.db)
            let (annAgain, boAgain) = (try await server.privacyZones(of: ann), try await server.privacyZones(of: bo))
            #expect(annAgain == zones && boAgain == bos)
            // Others see Ann's run without what lies in the circle drawn.
            let series = try #require(try await server.raw(.GET, "/runs/\(run.id)/series", token: bo.token).json?["points"] as? [[String: Any]])
            #expect(!series.isEmpty && series.allSatisfy { !zones[0].contains(Coordinate(latitude: $0["latitude"] as! Double, longitude: $0["longitude"] as! Double)) })
        }
    }

    @Test("others see where a run's segment efforts start measured from its first point shown, as its series is",
          arguments: TestDatabase.available)
    func efforts(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public), bo = try await server.newUser("Bo")
            let run = try await SegmentTests.upload(ann, speed: 3, hoursAgo: 1)
            let segment = try await SegmentTests.segment(of: run, by: ann)
            let start = try #require(run.start)
            _ = try await ann.client.putPrivacyZones(body: .json(.init(zones: [.init(latitude: start.latitude, longitude: start.longitude, radiusMeters: 200)]))).ok
            let zone = try #require(try await server.privacyZones(of: ann).first)
            let own = try #require(try await ann.client.getRunSegmentEfforts(path: .init(runId: run.id)).ok.body.json.efforts.first)
            let seen = try #require(try await bo.client.getRunSegmentEfforts(path: .init(runId: run.id)).ok.body.json.efforts.first)
            #expect(own.segment.id == segment.id && seen.segment.id == segment.id && abs(own.startDistanceMeters - 1_000) < 20)
            // Where others first see the run: the owner's series at its first point outside the hidden circle.
            let series = try await ann.client.getRunSeries(path: .init(runId: run.id)).ok.body.json.series().points
            let origin = try #require(series.first { !zone.contains(Coordinate(latitude: $0.latitude, longitude: $0.longitude)) })
            #expect(origin.distanceMeters >= 180, "a hidden circle reaching 200 to 400 m from the start")
            #expect(abs(seen.startDistanceMeters - (own.startDistanceMeters - origin.distanceMeters)) < 0.01)
            #expect(abs(seen.endDistanceMeters - (own.endDistanceMeters - origin.distanceMeters)) < 0.01)
            #expect(abs(seen.startElapsedSeconds - (own.startElapsedSeconds - origin.elapsedSeconds)) < 0.01)
            #expect(seen.elapsedSeconds == own.elapsedSeconds)
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
            let ann = try await server.newUser("Ann", sharing: .public)
            let start = Coordinate(latitude: 55.87, longitude: -4.26)
            let short = try await ann.client.uploadRun(body: .json(MissionFiles.northward(from: start, metres: 600, start: Date()))).created.body.json
            let route = try await ann.client.createRoute(body: .json(.init(runId: short.id))).created.body.json
            #expect(try await server.raw(.GET, "/routes/\(route.id)").status == 200)
            _ = try await ann.client.putPrivacyZones(body: .json(.init(zones: [.init(latitude: 55.8727, longitude: -4.26, radiusMeters: 1_000)]))).ok
            #expect(try await server.raw(.GET, "/routes/\(route.id)").status == 404, "its pin would show the hidden place")
            #expect(try await ann.client.getRoute(path: .init(routeId: route.id)).ok.body.json.route.privacy == .private)
            // Publishing a run wholly inside is refused, saying why.
            let again = try await ann.client.uploadRun(body: .json(MissionFiles.northward(from: start, metres: 600, start: Date().addingTimeInterval(3_600)))).created.body.json
            let refused = try await server.raw(.POST, "/routes", token: ann.token, headers: Self.json, body: Data(#"{"runId": "\#(again.id)"}"#.utf8))
            #expect(refused.status == 422 && String(decoding: refused.body, as: UTF8.self).contains("privacy zones"))

            // A public route's picture is its run's path: a run made private keeps it to itself.
            let bo = try await server.newUser("Bo", sharing: .public)
            let boRun = try #require(try await server.upload("gpx/run.gpx", as: bo).json?["id"] as? String)
            let boRoute = try await bo.client.createRoute(body: .json(.init(runId: boRun))).created.body.json
            #expect(try await ShareTests.get(server, "/share/routes/\(boRoute.id)/map.svg").status == 200)
            _ = try await bo.client.updateRun(path: .init(runId: boRun), body: .json(.init(privacy: .private))).ok
            #expect(try await ShareTests.get(server, "/share/routes/\(boRoute.id)/map.svg").status == 404)
            #expect(try await ShareTests.get(server, "/share/routes/\(boRoute.id)/map.png").status == 404)
        }
    }
}
