import Foundation
import NIOHTTP1
import PacelineAPI
import PacelineArchives
import PacelineCore
import PacelineTestSupport
import Testing

/// Planned routes over the API: saved as the server measures them, private by default,
/// seen as their privacy says (without what lies in the planner's privacy zones), changed
/// and deleted by their planner alone, and made into courses and pacers.
@Suite("Planned routes")
struct PlannedRouteTests {
    static func waypoint(_ name: String, snap: Bool = true) throws -> Components.Schemas.PlannedWaypoint {
        let place = try TownMap.place(name)
        return .init(latitude: place.latitude, longitude: place.longitude, snap: snap)
    }

    @Test("saved as the legs measure, private by default; read, changed and deleted by its planner", arguments: TestDatabase.available)
    func lifecycle(database: TestDatabase) async throws {
        let (extract, _) = try TownMap.extract()
        try await withServer(database) { server in
            try await server.importMap(extract)
            let ann = try await server.newUser("Ann")
            let waypoints = [try Self.waypoint("west_start"), try Self.waypoint("east_end"), try Self.waypoint("oneway_start", snap: false)]
            let first = try await ann.client.planLeg(body: .json(.init(from: .init(latitude: waypoints[0].latitude, longitude: waypoints[0].longitude),
                                                                        to: .init(latitude: waypoints[1].latitude, longitude: waypoints[1].longitude)))).ok.body.json
            let end = try #require(first.points.last)
            let second = try await ann.client.planLeg(body: .json(.init(from: .init(latitude: end.latitude, longitude: end.longitude),
                                                                         to: .init(latitude: waypoints[2].latitude, longitude: waypoints[2].longitude), snap: false))).ok.body.json
            let saved = try await ann.client.createPlannedRoute(body: .json(.init(waypoints: waypoints))).created.body.json
            #expect(saved.privacy == .private && saved.mode == .foot && saved.mine && saved.name.hasPrefix("Route of "))
            #expect(abs(saved.distanceMeters - (first.distanceMeters + second.distanceMeters)) < 1e-6, "the legs the planner showed, added up")
            #expect(saved.waypoints.map(\.snap) == [false, true, false])
            let points = try #require(saved.points)
            #expect(points.count == first.points.count + second.points.count - 1)

            let list = try await ann.client.listPlannedRoutes().ok.body.json.plannedRoutes
            #expect(list.map(\.id) == [saved.id] && list[0].points == nil)

            // Private: nobody else sees it, signed in or not; nobody else may change or delete it.
            let bo = try await server.newUser("Bo")
            try await server.befriend(ann, bo)
            for token in [bo.token, nil] {
                #expect(try await server.raw(.GET, "/planned-routes/\(saved.id)", token: token).status == 404)
                #expect(try await server.raw(.GET, "/planned-routes/\(saved.id)/course", token: token).status == 404)
                #expect(try await server.raw(.GET, "/planned-routes/\(saved.id)/plan?goalSeconds=900", token: token).status == 404)
            }
            #expect(try await server.raw(.PATCH, "/planned-routes/\(saved.id)", token: bo.token, json: ["name": "Mine now"]).status == 404)
            #expect(try await server.raw(.DELETE, "/planned-routes/\(saved.id)", token: bo.token).status == 404)
            #expect(try await bo.client.listPlannedRoutes().ok.body.json.plannedRoutes.isEmpty)

            let shared = try await ann.client.updatePlannedRoute(path: .init(plannedRouteId: saved.id), body: .json(.init(name: "Bridge run", privacy: .friends))).ok.body.json
            #expect(shared.name == "Bridge run" && shared.privacy == .friends)
            let seen = try await bo.client.getPlannedRoute(path: .init(plannedRouteId: saved.id)).ok.body.json
            #expect(!seen.mine && seen.planner.displayName == "Ann" && seen.points?.count == points.count)
            #expect(try await server.raw(.GET, "/planned-routes/\(saved.id)").status == 404, "friends only")
            #expect(try await server.raw(.PATCH, "/planned-routes/\(saved.id)", token: ann.token, json: ["name": "  "]).status == 400)

            // The planner's export holds it whole, line and all.
            let export = try await server.raw(.GET, "/me/export", token: ann.token)
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString).zip")
            try export.body.write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            let archive = try ZipArchive(contentsOf: url)
            let entry = try #require(archive.entries.first { $0.path == "planned-routes.json" })
            let exported = try #require((try JSONSerialization.jsonObject(with: try archive.data(of: entry, maximumBytes: 1 << 24)) as? [String: Any])?["plannedRoutes"] as? [[String: Any]])
            #expect(exported.map { $0["id"] as? String } == [saved.id] && (exported[0]["points"] as? [Any])?.count == points.count)

            try await ann.client.deletePlannedRoute(path: .init(plannedRouteId: saved.id)).noContent
            #expect(try await server.raw(.GET, "/planned-routes/\(saved.id)", token: ann.token).status == 404)
        }
    }

    @Test("a course for a watch and a pacer from a goal; others see neither inside the planner's privacy zones", arguments: TestDatabase.available)
    func courseAndPlan(database: TestDatabase) async throws {
        let (extract, _) = try TownMap.extract()
        try await withServer(database) { server in
            try await server.importMap(extract)
            let ann = try await server.newUser("Ann")
            let home = try TownMap.place("west_start")
            _ = try await ann.client.putPrivacyZones(body: .json(.init(zones: [.init(latitude: home.latitude, longitude: home.longitude, radiusMeters: 200)])))
            let saved = try await ann.client.createPlannedRoute(body: .json(.init(name: "Over the bridge", privacy: .public,
                                                                                  waypoints: [try Self.waypoint("west_start"), try Self.waypoint("east_end")]))).created.body.json
            let plan = try await ann.client.getPlannedRoutePlan(path: .init(plannedRouteId: saved.id), query: .init(goalSeconds: 600, strategy: .evenPace)).ok.body.json
            #expect(plan.splits.map(\.seconds).reduce(0, +) == 600 && plan.plannedRouteId == saved.id)
            #expect(abs((plan.checkpoints.last?.distanceMeters ?? 0) - saved.distanceMeters) < 1)
            let gpx = try await server.raw(.GET, "/planned-routes/\(saved.id)/course?format=gpx", token: ann.token)
            #expect(gpx.status == 200 && String(decoding: gpx.body, as: UTF8.self).contains("<rte>"))
            for format in ["tcx", "fit"] { #expect(try await server.raw(.GET, "/planned-routes/\(saved.id)/course?format=\(format)").status == 200) }

            // Someone else, signed in or not: nothing inside the zone.
            let zones = try await server.privacyZones(of: ann)
            let seen = try await server.raw(.GET, "/planned-routes/\(saved.id)")
            let seenPoints = try #require((seen.json?["points"] as? [[String: Double]]))
            #expect(!seenPoints.isEmpty && seenPoints.allSatisfy { !zones.hide(Coordinate(latitude: $0["latitude"]!, longitude: $0["longitude"]!)) })
            let seenWaypoints = try #require(seen.json?["waypoints"] as? [[String: Any]])
            #expect(seenWaypoints.count == 1, "the start, in the zone, is left out")
            #expect(try await ann.client.getPlannedRoute(path: .init(plannedRouteId: saved.id)).ok.body.json.waypoints.count == 2, "the planner sees it whole")
            let othersPlan = try await server.raw(.GET, "/planned-routes/\(saved.id)/plan?goalSeconds=600")
            let checkpoints = try #require(othersPlan.json?["checkpoints"] as? [[String: Any]])
            #expect(checkpoints.allSatisfy { !zones.hide(Coordinate(latitude: $0["latitude"] as! Double, longitude: $0["longitude"] as! Double)) })
            let othersGPX = String(decoding: try await server.raw(.GET, "/planned-routes/\(saved.id)/course?format=gpx").body, as: UTF8.self)
            let coordinates = othersGPX.matches(of: /lat="([-0-9.]+)" lon="([-0-9.]+)"/).map { Coordinate(latitude: Double($0.1)!, longitude: Double($0.2)!) }
            #expect(!coordinates.isEmpty && coordinates.allSatisfy { !zones.hide($0) })
        }
    }

    @Test("waypoints off the map, too many, off the Earth, a bad name or privacy are refused, naming the leg", arguments: TestDatabase.available)
    func refusals(database: TestDatabase) async throws {
        let (extract, _) = try TownMap.extract()
        try await withServer(database) { server in
            try await server.importMap(extract)
            let ann = try await server.newUser("Ann")
            let start = try TownMap.place("west_start")
            let here: [String: Any] = ["latitude": start.latitude, "longitude": start.longitude]
            let island = try TownMap.place("island")
            let toIsland = try await server.raw(.POST, "/planned-routes", token: ann.token, json: [
                "waypoints": [here, here, ["latitude": island.latitude, "longitude": island.longitude]]])
            #expect(toIsland.status == 422 && toIsland.errorCode == "no_way")
            #expect(((toIsland.json?["error"] as? [String: Any])?["message"] as? String ?? "").hasPrefix("leg 2: "))
            for body: [String: Any] in [
                ["waypoints": [here]],
                ["waypoints": Array(repeating: here, count: 201)],
                ["waypoints": [here, ["latitude": 95, "longitude": 0]]],
                ["waypoints": [here, here], "name": String(repeating: "x", count: 201)],
                ["waypoints": [here, here], "privacy": "everyone"],
                ["waypoints": [here, here], "mode": "car"],
            ] {
                #expect(try await server.raw(.POST, "/planned-routes", token: ann.token, json: body).status == 400)
            }
            #expect(try await server.raw(.POST, "/planned-routes", json: ["waypoints": [here, here]]).status == 401)
            #expect(try await server.raw(.GET, "/planned-routes/not-a-uuid", token: ann.token).status == 404)
        }
    }
}
