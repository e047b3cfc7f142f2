import Foundation
import PacelineAPI
import PacelineCore
@testable import PacelineServer
import PacelineSynthetic
import PacelineTestSupport
import Testing

/// The property: whatever members upload and however they change who sees it, a club
/// challenge counts exactly the activities each member lets the whole club see, for every
/// reader, and its badges are exactly those its standings make.
@Suite("Club challenges count no hidden activity")
struct ChallengeHiddenTests {
    @Test("random uploads and privacy changes: standings and badges count public and friends_and_clubs activities alone",
          arguments: TestDatabase.available)
    func hiddenNeverCounts(database: TestDatabase) async throws {
        try await withServer(database) { server in
            var random = SeededRandom(seed: 39)
            let ann = try await server.newUser("Ann"), bo = try await server.newUser("Bo"), cy = try await server.newUser("Cy")
            let members = [ann, bo, cy]
            try await server.befriend(ann, bo)  // friends-only activities are seen by friends, and still don't count
            let club = try await ClubTests.club(ann)
            for member in [bo, cy] { _ = try await ClubTests.join(member, club) }
            let challenge = try await ClubChallengeTests.challenge(ann, club, .distance, goal: 2_500)
            let privacies: [Components.Schemas.Privacy] = [.public, .friends, .friendsAndClubs, .private]
            var runs: [(owner: TestUser, run: Components.Schemas.Run)] = []
            for step in 0..<14 {
                if step % 4 == 3, let pick = runs.indices.randomElement(using: &random) {
                    // Change who sees one of them.
                    let privacy = privacies.randomElement(using: &random)!
                    runs[pick].run = try await runs[pick].owner.client.updateRun(path: .init(runId: runs[pick].run.id),
                                                                                 body: .json(.init(privacy: privacy))).ok.body.json
                } else {
                    let owner = members.randomElement(using: &random)!
                    let meters = Double(Int.random(in: 6...14, using: &random)) * 100
                    let run = try await ClubChallengeTests.upload(owner, meters, minutesAgo: Double(200 - step * 10),
                                                                  privacy: privacies.randomElement(using: &random)!)
                    runs.append((owner, run))
                }
                try await ClubChallengeTests.settle(server)
                try await check(challenge, runs: runs, readers: members)
            }
        }
    }

    /// Every reader's standings and every member's badge as the activities in `runs` say.
    private func check(_ challenge: Components.Schemas.ClubChallenge, runs: [(owner: TestUser, run: Components.Schemas.Run)],
                       readers: [TestUser]) async throws {
        var expected: [String: (meters: Double, count: Int)] = [:]
        for (owner, run) in runs where run.privacy == .public || run.privacy == .friendsAndClubs {
            expected[owner.id, default: (0, 0)].meters += run.creditedDistanceMeters
            expected[owner.id, default: (0, 0)].count += 1
        }
        for reader in readers {
            let read = try await ClubChallengeTests.read(challenge, by: reader)
            let standings = read.standings ?? []
            #expect(Set(standings.map(\.user.id)) == Set(expected.keys))
            for standing in standings {
                let want = try #require(expected[standing.user.id])
                #expect(abs(standing.value - want.meters) < 0.01 && standing.activities == want.count)
                #expect(standing.finished == (want.meters >= 2_500))
            }
            let badges = try await reader.client.listMyChallengeBadges().ok.body.json.badges
            #expect(badges.count == ((expected[reader.id]?.meters ?? 0) >= 2_500 ? 1 : 0), "\(reader.id)'s badge")
        }
    }
}
