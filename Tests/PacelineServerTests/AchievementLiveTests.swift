import Foundation
import PacelineAPI
import PacelineLiveClient
import PacelineTestSupport
import Testing

/// Running together counts: a finished live race gives each runner group points by the
/// number who raced, and its saved runs count like uploads.
@Suite("Achievements of live races")
struct AchievementLiveTests {
    @Test("three runners race 300 m: 20 group points each, the Together badge dated at the start", arguments: TestDatabase.available)
    func race(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let runners = [try await server.newUser("Ann"), try await server.newUser("Bo"), try await server.newUser("Cy")]
            let race = try await LiveSessionTests.startRace(server, runners, distance: 300)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, client) in race.clients.enumerated() {
                    group.addTask {
                        try await LiveRace.send(LiveRace.fixes(speed: 4 + Double(index) * 0.2, length: 400, start: race.startsAt,
                                                               lane: Double(index) * 5), over: client)
                    }
                }
                try await group.waitForAll()
            }
            let results = try await race.clients[0].nextResults()
            #expect(results.entries.count == 3)
            for runner in runners {
                let achievements = try await runner.client.getMyAchievements().ok.body.json
                #expect(achievements.points.group == 20, "\(runner.profile.displayName)")
                let together = try #require(achievements.badges.first { $0.id == "group-1" })
                let earnedAt = try #require(together.earnedAt)
                #expect(abs(earnedAt.timeIntervalSince(race.startsAt)) < 1)
                #expect((2...4).contains(achievements.points.distance), "the race's saved run, about 300 m: 3 points")
            }
            for client in race.clients { await client.close() }
        }
    }
}
