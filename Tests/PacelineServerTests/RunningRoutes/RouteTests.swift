import Foundation
import PacelineAPI
import PacelineCore
import PacelineSynthetic
import PacelineTestSupport
import Testing

@Suite("Routes")
struct RouteTests {
    /// run.gpx as another runner would record it: `delay` seconds later in the day,
    /// `slower` times as long, with the GPS a few metres off.
    static func follower(of path: String, startingAfter delay: Double, slower: Double, seed: UInt64) throws -> [Components.Schemas.FixInput] {
        let activity = try ActivityReader.read(contentsOf: Fixtures.track(path))
        var random = SeededRandom(seed: seed)
        let fixes = activity.track.fixes.filter { $0.time != nil && $0.coordinate != nil }
        let start = fixes[0].time!
        return fixes.map { fix in
            let t = start.addingTimeInterval(delay + fix.time!.timeIntervalSince(start) * slower)
            let c = fix.coordinate!
            return .init(time: t, latitude: c.latitude + random.gaussian() * 2e-5, longitude: c.longitude + random.gaussian() * 3e-5,
                         elevation: fix.elevation)
        }
    }

    @Test("a newcomer's path: upload, route, a second runner follows, leaderboard, favourites, stats", arguments: TestDatabase.available)
    func newcomer(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let uploaded = try await server.upload("gpx/run.gpx", as: ann)
            let annRunID = try #require(uploaded.json?["id"] as? String)
            let route = try await ann.client.createRoute(body: .json(.init(runId: annRunID, name: "Park loop"))).created.body.json
            #expect(route.name == "Park loop" && route.runners == 1 && route.privacy == .public)
            let annRun = try await ann.client.getRun(path: .init(runId: annRunID)).ok.body.json
            #expect(abs(route.distanceMeters - annRun.distanceMeters) < 25)
            #expect(annRun.routeId == route.id)

            // Bo runs the same path 10% slower the next day and joins the route.
            let bo = try await server.newUser("Bo", sharing: .public)
            let boRun = try await bo.client.uploadRun(body: .json(.init(fixes: try Self.follower(of: "gpx/run.gpx", startingAfter: 86_400, slower: 1.1, seed: 7))))
                .created.body.json
            let joined = try await bo.client.addRouteRun(path: .init(routeId: route.id), body: .json(.init(runId: boRun.id))).created.body.json
            #expect(joined.coverage >= 0.8 && joined.rank == 2)
            let board = try await bo.client.getLeaderboard(path: .init(routeId: route.id)).ok.body.json
            #expect(board.entries.map(\.runner.displayName) == ["Ann", "Bo"])
            let annTime = board.entries[0].elapsedSeconds, boTime = board.entries[1].elapsedSeconds
            #expect(abs(boTime / annTime - 1.1) < 0.03, "Bo took \(boTime) s, Ann \(annTime) s")

            // Detail: runners, average, top runs.
            let detail = try await bo.client.getRoute(path: .init(routeId: route.id)).ok.body.json
            #expect(detail.route.runners == 2 && detail.topRuns.count == 2)
            #expect(abs((detail.route.averageElapsedSeconds ?? 0) - (annTime + boTime) / 2) < 1e-6)

            // Comparison: Bo falls behind steadily.
            let comparison = try await bo.client.compareRuns(path: .init(routeId: route.id), query: .init(a: annRunID, b: boRun.id, interval: 30))
                .ok.body.json
            #expect(comparison.gaps.count > 100)
            #expect(abs((comparison.gaps.last?.gapSeconds ?? 0) - (boTime - annTime)) < 15)
            #expect(comparison.moments.first?.a != nil && comparison.moments.first?.b != nil)

            // Pace for following: Ann's by default, Bo's on request.
            let pace = try await bo.client.getPace(path: .init(routeId: route.id)).ok.body.json
            #expect(pace.runId == annRunID && pace.checkpoints.count > 100)
            #expect(try await bo.client.getPace(path: .init(routeId: route.id), query: .init(runId: boRun.id)).ok.body.json.runId == boRun.id)

            // Favourites.
            _ = try await bo.client.addFavourite(path: .init(routeId: route.id)).noContent
            _ = try await bo.client.addFavourite(path: .init(routeId: route.id)).noContent
            let favourites = try await bo.client.listFavourites().ok.body.json
            #expect(favourites.routes.map(\.id) == [route.id] && favourites.routes[0].isFavourite)
            // Drawn small: the path of Ann's run; with a privacy zone of Ann's on its start,
            // Bo's drawing leaves that stretch out, as the route's map does; Ann's own keeps it.
            let whole = try #require(favourites.routes[0].shape)
            #expect(whole.hasPrefix("M") && whole.filter { $0 == "M" }.count == 1)
            let start = try #require(route.start)
            _ = try await ann.client.putPrivacyZones(body: .json(.init(zones: [.init(latitude: start.latitude, longitude: start.longitude,
                                                                                      radiusMeters: 200)]))).ok
            let cut = try #require(try await bo.client.listFavourites().ok.body.json.routes.first?.shape)
            #expect(cut != whole)
            _ = try await ann.client.addFavourite(path: .init(routeId: route.id)).noContent
            #expect(try await ann.client.listFavourites().ok.body.json.routes.first?.shape == whole)
            _ = try await ann.client.putPrivacyZones(body: .json(.init(zones: []))).ok
            let mark = Date()
            try await Task.sleep(for: .milliseconds(20))
            _ = try await bo.client.removeFavourite(path: .init(routeId: route.id)).noContent
            let synced = try await bo.client.listFavourites(query: .init(updatedSince: mark)).ok.body.json
            #expect(synced.routes.isEmpty && synced.removedIds == [route.id])

            // Stats add up to the sum of the runs.
            let stats = try await bo.client.getStatistics().ok.body.json
            #expect(stats.runs == 1 && abs(stats.distanceMeters - boRun.distanceMeters) < 1e-6)
        }
    }

    @Test("a run of another path is refused with 422 and offered a new route", arguments: TestDatabase.available)
    func notAFollow(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let annRun = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            let route = try await ann.client.createRoute(body: .json(.init(runId: annRun))).created.body.json
            let cy = try await server.newUser("Cy", sharing: .public)
            let elsewhere = try #require(try await server.upload("tcx/garmin_connect.tcx", as: cy).json?["id"] as? String)
            let response = try await server.raw(.POST, "/routes/\(route.id)/runs", token: cy.token,
                                                headers: [("Content-Type", "application/json")],
                                                body: Data(#"{"runId":"\#(elsewhere)"}"#.utf8))
            #expect(response.status == 422 && response.errorCode == "not_a_follow")
            #expect(response.json?["suggestion"] as? String == "create_route")
            #expect((response.json?["coverage"] as? Double ?? 1) < 0.8)
            // It can become a route of its own.
            _ = try await cy.client.createRoute(body: .json(.init(runId: elsewhere))).created
            // Half of the route is not a follow either.
            let half = Array(try Self.follower(of: "gpx/run.gpx", startingAfter: 3600, slower: 1, seed: 3).prefix(100))
            let halfRun = try await cy.client.uploadRun(body: .json(.init(fixes: half))).created.body.json
            let halfResponse = try await server.raw(.POST, "/routes/\(route.id)/runs", token: cy.token,
                                                    headers: [("Content-Type", "application/json")],
                                                    body: Data(#"{"runId":"\#(halfRun.id)"}"#.utf8))
            #expect(halfResponse.status == 422 && halfResponse.errorCode == "not_a_follow")
            #expect(try await cy.client.getLeaderboard(path: .init(routeId: route.id)).ok.body.json.entries.count == 1)
        }
    }

    @Test("a public route is a course for a watch, to anyone: GPX route, TCX Course, FIT course", arguments: TestDatabase.available)
    func course(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let owner = try await server.newUser("Owner", sharing: .public)
            let runID = try #require(try await server.upload("fit/2013-02-06-12-11-14.fit", as: owner, query: "?privacy=public").json?["id"] as? String)
            let route = try await owner.client.createRoute(body: .json(.init(runId: runID, name: "Hill loop"))).created.body.json
            let gpx = try await server.raw(.GET, "/routes/\(route.id)/course")  // no account needed
            #expect(gpx.status == 200 && String(decoding: gpx.body, as: UTF8.self).contains("<rte>\n  <name>Hill loop</name>"))
            let tcx = try await server.raw(.GET, "/routes/\(route.id)/course?format=tcx")
            #expect(tcx.status == 200 && String(decoding: tcx.body, as: UTF8.self).contains("<Course>\n   <Name>Hill loop</Name>"))
            let fit = try await server.raw(.GET, "/routes/\(route.id)/course?format=fit")
            #expect(fit.status == 200 && String(decoding: fit.body[8..<12], as: UTF8.self) == ".FIT")
            #expect(fit.headers.first { $0.0.lowercased() == "content-type" }?.1.hasPrefix("application/vnd.ant.fit") == true)
            let bad = try await server.raw(.GET, "/routes/\(route.id)/course?format=kml")
            #expect(bad.status == 400)
            // The run made private since: its path is no one else's to download.
            _ = try await owner.client.updateRun(path: .init(runId: runID), body: .json(.init(privacy: .private))).ok
            #expect(try await server.raw(.GET, "/routes/\(route.id)/course").status == 404)
            #expect(try await server.raw(.GET, "/routes/\(route.id)/course", token: owner.token).status == 200)
        }
    }

    @Test("a private route and private runs stay private", arguments: TestDatabase.available)
    func privacy(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let owner = try await server.newUser("Owner", sharing: .public)
            let runID = try #require(try await server.upload("gpx/run.gpx", as: owner, query: "?privacy=private").json?["id"] as? String)
            let route = try await owner.client.createRoute(body: .json(.init(runId: runID))).created.body.json
            #expect(route.privacy == .private)
            let other = try await server.newUser("Other", sharing: .public)
            let otherRun = try await other.client.uploadRun(body: .json(.init(fixes: try Self.follower(of: "gpx/run.gpx", startingAfter: 0, slower: 1, seed: 1))))
                .created.body.json
            for (method, path, body) in [
                ("GET", "/routes/\(route.id)", nil), ("GET", "/routes/\(route.id)/leaderboard", nil),
                ("GET", "/routes/\(route.id)/pace", nil), ("GET", "/routes/\(route.id)/course?format=fit", nil),
                ("PUT", "/favourites/\(route.id)", nil),
                ("POST", "/routes/\(route.id)/runs", #"{"runId":"\#(otherRun.id)"}"#), ("DELETE", "/routes/\(route.id)", nil),
                ("POST", "/routes", #"{"runId":"\#(runID)"}"#),
            ] as [(String, String, String?)] {
                let response = try await server.raw(.init(rawValue: method), path, token: other.token,
                                                    headers: [("Content-Type", "application/json")], body: body.map { Data($0.utf8) })
                #expect(response.status == 404, "\(method) \(path): \(response.status)")
            }
            // A public route's leaderboard does not show another runner's private run.
            let publicRunID = try #require(try await server.upload("gpx/run.gpx", as: owner).json?["id"] as? String)
            let publicRoute = try await owner.client.createRoute(body: .json(.init(runId: publicRunID))).created.body.json
            let secretRun = try await other.client.uploadRun(query: .init(privacy: .private),
                                                             body: .json(.init(fixes: try Self.follower(of: "gpx/run.gpx", startingAfter: 0, slower: 0.9, seed: 2))))
                .created.body.json
            _ = try await other.client.addRouteRun(path: .init(routeId: publicRoute.id), body: .json(.init(runId: secretRun.id))).created
            let third = try await server.newUser("Third", sharing: .public)
            let board = try await third.client.getLeaderboard(path: .init(routeId: publicRoute.id)).ok.body.json
            #expect(board.entries.map(\.runner.displayName) == ["Owner"])
            #expect(try await third.client.getRoute(path: .init(routeId: publicRoute.id)).ok.body.json.route.runners == 1)
            #expect(try await other.client.getRoute(path: .init(routeId: publicRoute.id)).ok.body.json.route.runners == 2)
            #expect(try await other.client.getLeaderboard(path: .init(routeId: publicRoute.id)).ok.body.json.entries.count == 2)
            let comparison = try await server.raw(.GET, "/routes/\(publicRoute.id)/comparison?a=\(publicRunID)&b=\(secretRun.id)", token: third.token)
            #expect(comparison.status == 404)
        }
    }

    @Test("deleting a route frees its runs and its favourites", arguments: TestDatabase.available)
    func deletion(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let runID = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            let route = try await ann.client.createRoute(body: .json(.init(runId: runID))).created.body.json
            _ = try await ann.client.addFavourite(path: .init(routeId: route.id)).noContent
            _ = try await ann.client.deleteRoute(path: .init(routeId: route.id)).noContent
            #expect(try await server.raw(.GET, "/routes/\(route.id)", token: ann.token).status == 404)
            #expect(try await ann.client.listFavourites().ok.body.json.routes.isEmpty)
            #expect(try await ann.client.getRun(path: .init(runId: runID)).ok.body.json.routeId == nil)
            _ = try await ann.client.deleteRun(path: .init(runId: runID)).noContent
        }
    }
}

@Suite("Route names")
struct RouteNameTests {
    @Test("a route name with a NUL is a 400 on every database", arguments: TestDatabase.available)
    func nul(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let runID = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            let response = try await server.raw(.POST, "/routes", token: ann.token, headers: [("Content-Type", "application/json")],
                                                body: Data(#"{"runId":"\#(runID)","name":"a\u0000b"}"#.utf8))
            #expect(response.status == 400 && response.errorCode == "bad_request")
            #expect(try await ann.client.getRun(path: .init(runId: runID)).ok.body.json.routeId == nil)
        }
    }
}
