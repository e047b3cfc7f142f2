import Foundation
import NIOHTTP1
import PacelineAPI
import PacelineCore
import PacelineServer
import PacelineTestSupport
import Testing

/// The route planner over the API, on the town's extract: the map's coverage, legs along
/// the ways (over the one bridge, round a one-way street on a bike, never onto the island),
/// straight legs, loops, and who may ask.
@Suite("Route planner")
struct PlannerTests {
    static func point(_ place: Coordinate) -> Components.Schemas.PlacePoint { .init(latitude: place.latitude, longitude: place.longitude) }

    @Test("legs follow the ways the mode may take, over the one bridge, and are refused where no way goes", arguments: TestDatabase.available)
    func legs(database: TestDatabase) async throws {
        let (extract, _) = try TownMap.extract()
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            #expect(try await ann.client.getMapCoverage().ok.body.json.imported == false)
            let noMap = try await server.raw(.POST, "/map/legs", token: ann.token, json: [
                "from": ["latitude": 51.5, "longitude": -0.1], "to": ["latitude": 51.501, "longitude": -0.1]])
            #expect(noMap.status == 422 && noMap.errorCode == "no_map")
            let straightWithoutMap = try await ann.client.planLeg(body: .json(.init(from: .init(latitude: 51.5, longitude: -0.1),
                                                                                     to: .init(latitude: 51.501, longitude: -0.1), snap: false))).ok.body.json
            #expect(!straightWithoutMap.snapped && abs(straightWithoutMap.distanceMeters - 111.25) < 0.1)

            let imported = try await server.importMap(extract)
            let coverage = try await ann.client.getMapCoverage().ok.body.json
            #expect(coverage.imported && coverage.junctions == imported.junctions && coverage.edges == imported.stretches && !coverage.elevation)
            let westStart = try TownMap.place("west_start"), eastEnd = try TownMap.place("east_end")
            let over = try await ann.client.planLeg(body: .json(.init(from: Self.point(westStart), to: Self.point(eastEnd)))).ok.body.json
            #expect(over.snapped && over.distanceMeters > Geodesy.distance(westStart, eastEnd))
            let bridge = (try TownMap.place("bridge_west"), try TownMap.place("bridge_east"))
            #expect(over.points.contains { Geodesy.distance(Coordinate(latitude: $0.latitude, longitude: $0.longitude), bridge.0) < 1 }
                && over.points.contains { Geodesy.distance(Coordinate(latitude: $0.latitude, longitude: $0.longitude), bridge.1) < 1 },
                    "the only way across the river is the bridge")
            let measured = Geodesy.length(of: over.points.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) })
            #expect(abs(measured - over.distanceMeters) < 0.05, "the distance is the line's")

            let island = try await server.raw(.POST, "/map/legs", token: ann.token, json: [
                "from": Self.json(westStart), "to": Self.json(try TownMap.place("island"))])
            #expect(island.status == 422 && island.errorCode == "no_way")
            let offMap = try await server.raw(.POST, "/map/legs", token: ann.token, json: ["from": Self.json(westStart), "to": ["latitude": 51.52, "longitude": -0.1]])
            #expect(offMap.status == 422 && offMap.errorCode == "not_on_map")

            // A one-way street: walkers take it against its way, bikes go round.
            let (onewayStart, onewayEnd) = (try TownMap.place("oneway_start"), try TownMap.place("oneway_end"))
            let walked = try await ann.client.planLeg(body: .json(.init(from: Self.point(onewayEnd), to: Self.point(onewayStart), mode: .foot))).ok.body.json
            let ridden = try await ann.client.planLeg(body: .json(.init(from: Self.point(onewayEnd), to: Self.point(onewayStart), mode: .bike))).ok.body.json
            let withIt = try await ann.client.planLeg(body: .json(.init(from: Self.point(onewayStart), to: Self.point(onewayEnd), mode: .bike))).ok.body.json
            #expect(abs(walked.distanceMeters - withIt.distanceMeters) < 0.5 && ridden.distanceMeters > walked.distanceMeters + 100)

            // Private ways: closed to all, or open to walkers only.
            let (privateA, privateB) = (try TownMap.place("private_a"), try TownMap.place("private_b"))
            let aroundPrivate = try await ann.client.planLeg(body: .json(.init(from: Self.point(privateA), to: Self.point(privateB)))).ok.body.json
            #expect(aroundPrivate.distanceMeters > Geodesy.distance(privateA, privateB) * 1.2)
            let (footA, footB) = (try TownMap.place("private_foot_a"), try TownMap.place("private_foot_b"))
            let throughFoot = try await ann.client.planLeg(body: .json(.init(from: Self.point(footA), to: Self.point(footB), mode: .foot))).ok.body.json
            let aroundFoot = try await ann.client.planLeg(body: .json(.init(from: Self.point(footA), to: Self.point(footB), mode: .bike))).ok.body.json
            #expect(throughFoot.distanceMeters < Geodesy.distance(footA, footB) * 1.05 && aroundFoot.distanceMeters > throughFoot.distanceMeters * 1.2)
        }
    }

    @Test("a loop of about 3 km, bad requests refused, and only signed-in users may plan", arguments: TestDatabase.available)
    func loopsAndRefusals(database: TestDatabase) async throws {
        let (extract, _) = try TownMap.extract()
        try await withServer(database) { server in
            try await server.importMap(extract)
            let ann = try await server.newUser("Ann")
            let start = try TownMap.place("west_start")
            let loop = try await ann.client.planLoop(body: .json(.init(start: Self.point(start), distanceMeters: 3000))).ok.body.json
            let total = loop.legs.reduce(0) { $0 + $1.distanceMeters }
            #expect(abs(total - 3000) < 450, "\(total)")
            #expect(loop.waypoints.count == 4 && loop.waypoints.first == loop.waypoints.last)
            let leg: [String: Any] = ["from": Self.json(start), "to": Self.json(try TownMap.place("east_end"))]
            #expect(try await server.raw(.POST, "/map/legs", json: leg).status == 401)
            #expect(try await server.raw(.POST, "/map/loop", json: ["start": Self.json(start), "distanceMeters": 3000]).status == 401)
            for bad: [String: Any] in [
                ["from": ["latitude": 91, "longitude": 0], "to": Self.json(start)],
                ["from": ["latitude": "north", "longitude": 0], "to": Self.json(start)],
                ["from": Self.json(start), "to": Self.json(start), "mode": "car"],
                ["from": Self.json(start), "to": ["latitude": 52.2, "longitude": -0.1], "snap": false],
            ] {
                #expect(try await server.raw(.POST, "/map/legs", token: ann.token, json: bad).status == 400, "\(bad)")
            }
            for distance in [100, 200_000] {
                #expect(try await server.raw(.POST, "/map/loop", token: ann.token, json: ["start": Self.json(start), "distanceMeters": distance]).status == 400)
            }
        }
    }

    @Test("an account planning more than its allowance in a window is refused with when to try again", arguments: TestDatabase.available)
    func allowance(database: TestDatabase) async throws {
        var limits = AttemptLimits()
        limits.planningPerAccount = .init(attempts: 3, window: 600)
        try await withServer(database, limits: limits) { server in
            let ann = try await server.newUser("Ann")
            let leg: [String: Any] = ["from": ["latitude": 51.5, "longitude": -0.1], "to": ["latitude": 51.501, "longitude": -0.1], "snap": false]
            for _ in 0..<3 { #expect(try await server.raw(.POST, "/map/legs", token: ann.token, json: leg).status == 200) }
            let refused = try await server.raw(.POST, "/map/legs", token: ann.token, json: leg)
            #expect(refused.status == 429 && refused.headers.contains { $0.0.lowercased() == "retry-after" })
            let bo = try await server.newUser("Bo")
            #expect(try await server.raw(.POST, "/map/legs", token: bo.token, json: leg).status == 200, "each account its own allowance")
        }
    }

    static func json(_ place: Coordinate) -> [String: Any] { ["latitude": place.latitude, "longitude": place.longitude] }
}

extension TestServer {
    /// `method` to `path` with `json` as its body, as a client that does not check what it sends would.
    func raw(_ method: HTTPMethod, _ path: String, token: String? = nil, json: [String: Any]) async throws -> RawResponse {
        try await raw(method, path, token: token, headers: [("Content-Type", "application/json")], body: try JSONSerialization.data(withJSONObject: json))
    }
}
