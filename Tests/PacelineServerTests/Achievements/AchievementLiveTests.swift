import Fluent
import Foundation
import PacelineAPI
import PacelineLiveClient
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// Running together counts: a finished live race gives each runner group points by the
/// number who raced, and its saved runs count like uploads (badges, missions).
@Suite("Achievements of live races")
struct AchievementLiveTests {
    @Test("three runners race 300 m: 20 group points each, the Together badge dated at the start; the race moves a mission",
          arguments: TestDatabase.available)
    func race(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let runners = [try await server.newUser("Ann"), try await server.newUser("Bo"), try await server.newUser("Cy")]
            try await server.importExampleMission("scotland-canals")
            _ = try await runners[0].client.joinMission(path: .init(missionId: "scotland-canals"), body: .json(.init(
                start: .init(route: 0, stage: 0), end: .init(route: 0, stage: 0)))).created
            let race = try await LiveSessionTests.startRace(server, runners, distance: 300)
            try await LiveRace.runAll(race.clients, length: 400, start: race.startsAt)
            let results = try await race.clients[0].nextResults()
            #expect(results.entries.count == 3)
            // Stored when the race ended, before anyone reads their achievements: the feed shows stored badges.
            let together = try await EarnedBadge.query(on: server.app.db).filter(\.$badgeID == "group-1").count()
            #expect(together == 3)
            for runner in runners {
                let achievements = try await runner.client.getMyAchievements().ok.body.json
                #expect(achievements.points.group == 20, "\(runner.profile.displayName)")
                let together = try #require(achievements.badges.first { $0.id == "group-1" })
                let earnedAt = try #require(together.earnedAt)
                #expect(abs(earnedAt.timeIntervalSince(race.startsAt)) < 1)
                #expect((2...4).contains(achievements.points.distance), "the race's saved run, about 300 m: 3 points")
            }
            // Ann's race run moved her journey like an upload would.
            let journey = try await runners[0].client.getJourney(path: .init(missionId: "scotland-canals")).ok.body.json
            #expect((250...450).contains(journey.distanceMeters), "\(journey.distanceMeters)")
            for client in race.clients { await client.close() }
        }
    }
}
