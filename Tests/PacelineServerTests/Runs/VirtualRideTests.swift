import Foundation
import PacelineAPI
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import SQLKit
import Testing

/// Rides in a virtual world (FIT sub_sport virtual_activity): the trainer's distance is the
/// distance, and its positions, a game's, make no route, segment, segment effort or
/// heat-map line (`runs.is_virtual`, migration 030).
@Suite("Virtual rides")
struct VirtualRideTests {
    /// synthetic/zwift-virtual-ride.fit copies a Zwift ride of 26.4 km on the trainer, its
    /// positions on a world drawn 11.8 % large with a warp half-way (the real file: 613
    /// positions dropped as spikes, +11.8 % against the trainer). Before, 27,946 m, a heat-map
    /// line in the Pacific, and a route or segment could be made of it.
    @Test("a Zwift ride is the trainer's distance and makes no route, segment or heat-map line", arguments: TestDatabase.available)
    func zwift(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let uploaded = try await server.upload("synthetic/zwift-virtual-ride.fit", as: ann)
            let id = try #require(uploaded.json?["id"] as? String)
            let distance = try #require(uploaded.json?["distanceMeters"] as? Double)
            #expect(abs(distance - 26_400) < 1, "\(distance) m")
            let runID = try #require(UUID(uuidString: id))
            let row = try #require(try await server.app.db.sql.raw("SELECT is_virtual, heat_lines FROM runs WHERE id = \(bind: runID)").first())
            #expect(try row.decode(column: "is_virtual", as: Bool.self))
            #expect(try row.decode(column: "heat_lines", as: String?.self) == nil)
            #expect(try await ann.client.getHeatMap().ok.body.json.activities.isEmpty)
            let route = try await server.raw(.POST, "/routes", token: ann.token, headers: [("Content-Type", "application/json")], body: Data(#"{"runId": "\#(id)"}"#.utf8))
            #expect(route.status == 422)
            let segment = try await server.raw(.POST, "/segments", token: ann.token, headers: [("Content-Type", "application/json")], body: Data(
                #"{"runId": "\#(id)", "startDistanceMeters": 1000, "endDistanceMeters": 2000, "name": "Volcano"}"#.utf8))
            #expect(segment.status == 422)
        }
    }
}
