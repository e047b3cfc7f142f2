import Foundation
import PacelineAPI
import PacelineCore
import PacelineServer
import PacelineTestSupport
import Testing

/// The friends' leaderboard gathers every member's facts at once: its points must be
/// what each member's own achievements say, whatever the points came from.
@Suite("Friends' leaderboard")
struct LeaderboardTests {
    @Test("each member's points on the board are their own /me/achievements points: runs, a discovery, a live race, an invitation; a private friend left out",
          arguments: TestDatabase.available)
    func pointsAgree(database: TestDatabase) async throws {
        try await withServer(database) { server in
            _ = try await importPointsOfInterest(DiscoveryTests.plaques, into: server.location)
            let ann = try await server.newUser("Ann", sharing: .public), bo = try await server.newUser("Bo", sharing: .public), cy = try await server.newUser("Cy", sharing: .public)
            let di = try await server.newUser("Di", sharing: .public), ed = try await server.newUser("Ed", sharing: .public)
            for friend in [bo, cy, di, ed] { try await server.befriend(ann, friend) }

            // Bo: runs on two days in a row (distance and streak), a walk past a plaque (discovery).
            _ = try await AchievementTests.upload(bo, meters: 6000, start: AchievementTests.morning)
            _ = try await AchievementTests.upload(bo, meters: 5000, start: AchievementTests.morning.addingTimeInterval(86_400))
            _ = try await bo.client.uploadRun(body: .json(DiscoveryTests.walk())).created
            // Ann and Cy race each other live (group points, and the race's runs).
            let race = try await LiveSessionTests.startRace(server, [ann, cy], distance: 300)
            try await LiveRace.runAll(race.clients, length: 400, start: race.startsAt)
            #expect(try await race.clients[0].nextResults().entries.count == 2)
            for client in race.clients { await client.close() }
            // Di accepts Ann's invitation and both run at its time (group points by invitation).
            let startsAt = Date().addingTimeInterval(3600)
            let invitation = try await ann.client.createInvitation(body: .json(.init(
                startsAt: startsAt, place: .init(latitude: 55.86, longitude: -4.25), guestIds: [di.id]))).created.body.json
            _ = try await di.client.respondToInvitation(path: .init(invitationId: invitation.id), body: .json(.init(response: .accept))).ok
            for user in [ann, di] { _ = try await AchievementTests.upload(user, meters: 3000, start: startsAt.addingTimeInterval(300)) }
            // Ed has runs but a private profile.
            _ = try await AchievementTests.upload(ed, meters: 20_000, start: AchievementTests.morning)
            _ = try await ed.client.updateProfile(body: .json(.init(defaultPrivacy: .private))).ok

            let board = try await ann.client.getFriendsLeaderboard().ok.body.json.entries
            #expect(Set(board.map(\.user.displayName)) == ["Ann", "Bo", "Cy", "Di"], "Ed's profile is private")
            for member in [ann, bo, cy, di] {
                let own = try await member.client.getMyAchievements().ok.body.json.points
                let entry = try #require(board.first { $0.user.id == member.id })
                #expect(entry.points == own.total, "\(member.profile.displayName): \(own)")
            }
            let points = [bo, cy, di].map { member in board.first { $0.user.id == member.id }?.points ?? 0 }
            #expect(points.allSatisfy { $0 > 0 })
            #expect(try await bo.client.getMyAchievements().ok.body.json.points.discovery == Points.discoveryPoints)
            #expect(try await cy.client.getMyAchievements().ok.body.json.points.group == Points.groupPoints(size: 2))
            #expect(try await di.client.getMyAchievements().ok.body.json.points.group == Points.groupPoints(size: 2))
            #expect(try await ann.client.getMyAchievements().ok.body.json.points.group == 2 * Points.groupPoints(size: 2),
                    "the race and the invitation")
        }
    }
}
