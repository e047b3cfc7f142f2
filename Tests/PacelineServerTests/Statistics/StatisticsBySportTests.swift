import Foundation
import PacelineAPI
import PacelineCore
import PacelineTestSupport
import Testing

/// Totals and records are kept per sport: a ride is no run.
@Suite("Statistics by sport")
struct StatisticsBySportTests {
    let glasgow = Coordinate(latitude: 55.87, longitude: -4.26)

    func upload(_ user: TestUser, _ sport: Components.Schemas.Sport, metres: Double, speed: Double, offset: TimeInterval) async throws {
        var upload = MissionFiles.northward(from: glasgow, metres: metres, start: Date().addingTimeInterval(offset), speed: speed)
        upload.sport = sport
        _ = try await user.client.uploadRun(body: .json(upload)).created
    }

    @Test("a ride sets ride records, not running ones; each sport has its totals; `sport` narrows the totals",
          arguments: TestDatabase.available)
    func bySport(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            try await upload(ann, .run, metres: 2_100, speed: 3, offset: -20_000)
            try await upload(ann, .ride, metres: 6_000, speed: 8, offset: -10_000)
            let all = try await ann.client.getStatistics().ok.body.json
            #expect(all.runs == 2)
            #expect(all.sports.map(\.sport) == [.ride, .run] && all.sports.map(\.activities) == [1, 1])
            let runKilometre = try #require(all.records.first { $0.sport == .run && $0.distanceMeters == 1_000 })
            let rideKilometre = try #require(all.records.first { $0.sport == .ride && $0.distanceMeters == 1_000 })
            #expect(abs(runKilometre.elapsedSeconds - 1_000 / 3) < 15, "the run's kilometre, not the ride's")
            #expect(abs(rideKilometre.elapsedSeconds - 1_000 / 8) < 10)
            #expect(!all.records.contains { $0.sport == .run && $0.distanceMeters == 5_000 }, "the 6 km ride is no 5 km run")

            let runs = try await ann.client.getStatistics(query: .init(sport: .run)).ok.body.json
            #expect(runs.runs == 1 && abs(runs.distanceMeters - 2_100) < 50)
            #expect(runs.records.allSatisfy { $0.sport == .run } && runs.sports.count == 2)

            // Badges count records per sport too: the ride's kilometre and the run's are one record each.
            let achievements = try await ann.client.getMyAchievements().ok.body.json
            #expect(achievements.badges.first { $0.id == "records-1" }?.current == 3, "run 1 km, ride 1 km and 5 km")
        }
    }

    @Test("making a route of one's own run is not running a route: \"On the route\" waits for a follow", arguments: TestDatabase.available)
    func onTheRoute(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let bo = try await server.newUser("Bo")
            let annRun = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            let route = try await ann.client.createRoute(body: .json(.init(runId: annRun))).created.body.json
            #expect(try await ann.client.getMyAchievements().ok.body.json.badges.first { $0.id == "routes-1" }?.earnedAt == nil)
            let boRun = try #require(try await server.upload("gpx/run.gpx", as: bo).json?["id"] as? String)
            _ = try await bo.client.addRouteRun(path: .init(routeId: route.id), body: .json(.init(runId: boRun))).created
            #expect(try await bo.client.getMyAchievements().ok.body.json.badges.first { $0.id == "routes-1" }?.earnedAt != nil)
        }
    }
}
