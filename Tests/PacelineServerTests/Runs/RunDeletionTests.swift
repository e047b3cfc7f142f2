import Foundation
import PacelineAPI
import PacelineCore
import PacelineTestSupport
import Testing

/// Deleting a run takes everything derived from it; a route made from it stays for the
/// others who ran it, or goes with it.
@Suite("Run deletion")
struct RunDeletionTests {
    let glasgow = Coordinate(latitude: 55.87, longitude: -4.26)

    @Test("a route made from a deleted run passes to another runner's public run; their place stays, the deleter's goes",
          arguments: TestDatabase.available)
    func routePasses(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let annRun = try #require(try await server.upload("gpx/run.gpx", as: ann, query: "?privacy=public").json?["id"] as? String)
            let route = try await ann.client.createRoute(body: .json(.init(runId: annRun))).created.body.json
            let boRun = try #require(try await server.upload("gpx/run.gpx", as: bo, query: "?privacy=public").json?["id"] as? String)
            _ = try await bo.client.addRouteRun(path: .init(routeId: route.id), body: .json(.init(runId: boRun))).created
            _ = try await bo.client.addFavourite(path: .init(routeId: route.id)).noContent

            // Someone else can't delete it: 404, and nothing changes.
            #expect(try await server.raw(.DELETE, "/runs/\(annRun)", token: bo.token).status == 404)
            #expect(try await bo.client.getLeaderboard(path: .init(routeId: route.id)).ok.body.json.entries.count == 2)

            _ = try await ann.client.deleteRun(path: .init(runId: annRun)).noContent
            #expect(try await server.raw(.GET, "/runs/\(annRun)", token: ann.token).status == 404)
            let kept = try await bo.client.getRoute(path: .init(routeId: route.id)).ok.body.json.route
            #expect(kept.runId == boRun && kept.creator.id == bo.id)
            let board = try await bo.client.getLeaderboard(path: .init(routeId: route.id)).ok.body.json.entries
            #expect(board.map(\.runId) == [boRun])
            #expect(try await bo.client.listFavourites().ok.body.json.routes.map(\.id) == [route.id])
            // Its path is Bo's run's now: anyone may still follow and download it.
            #expect(try await server.raw(.GET, "/routes/\(route.id)/course?format=gpx").status == 200)
            #expect(try await ann.client.listRuns().ok.body.json.runs.isEmpty)
        }
    }

    @Test("with no run of another runner that may carry it, the route goes with the run", arguments: TestDatabase.available)
    func routeGoes(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let cy = try await server.newUser("Cy")
            let annRun = try #require(try await server.upload("gpx/run.gpx", as: ann, query: "?privacy=public").json?["id"] as? String)
            let route = try await ann.client.createRoute(body: .json(.init(runId: annRun))).created.body.json
            // Cy's run is private: handing it the public route would show it to everyone.
            let cyRun = try #require(try await server.upload("gpx/run.gpx", as: cy).json?["id"] as? String)
            _ = try await cy.client.addRouteRun(path: .init(routeId: route.id), body: .json(.init(runId: cyRun))).created

            _ = try await ann.client.deleteRun(path: .init(runId: annRun)).noContent
            #expect(try await server.raw(.GET, "/routes/\(route.id)", token: cy.token).status == 404)
            let cysRun = try await cy.client.getRun(path: .init(runId: cyRun)).ok.body.json
            #expect(cysRun.routeId == nil && cysRun.privacy == .private)
        }
    }

    @Test("deleting takes back the badges only that run earned, its mission progress and its statistics", arguments: TestDatabase.available)
    func derived(database: TestDatabase) async throws {
        try await withServer(database) { server in
            _ = try await server.importExampleMission("scotland-canals")
            let ann = try await server.newUser("Ann")
            _ = try await ann.client.joinMission(path: .init(missionId: "scotland-canals"), body: .json(.init(
                start: .init(route: 0, stage: 0), end: .init(route: 0, stage: 7)))).created
            let short = MissionFiles.northward(from: glasgow, metres: 2_000, start: Date().addingTimeInterval(10), speed: 3)
            let long = MissionFiles.northward(from: glasgow, metres: 5_200, start: Date().addingTimeInterval(1_000), speed: 3)
            _ = try await ann.client.uploadRun(body: .json(short)).created.body.json
            let five = try await ann.client.uploadRun(body: .json(long)).created.body.json
            let before = try await ann.client.getMyAchievements().ok.body.json
            #expect(before.badges.first { $0.id == "longest-5" }?.earnedAt != nil)
            #expect(try await ann.client.getJourney(path: .init(missionId: "scotland-canals")).ok.body.json.distanceMeters > 7_000)
            #expect(try await ann.client.getStatistics().ok.body.json.runs == 2)

            _ = try await ann.client.deleteRun(path: .init(runId: five.id)).noContent
            let after = try await ann.client.getMyAchievements().ok.body.json
            #expect(after.badges.first { $0.id == "longest-5" }?.earnedAt == nil, "only the deleted run covered 5 km")
            let journey = try await ann.client.getJourney(path: .init(missionId: "scotland-canals")).ok.body.json
            #expect(abs(journey.distanceMeters - 2_000) < 100)
            let statistics = try await ann.client.getStatistics().ok.body.json
            #expect(statistics.runs == 1 && statistics.records.allSatisfy { $0.distanceMeters < 5_000 })
        }
    }
}
