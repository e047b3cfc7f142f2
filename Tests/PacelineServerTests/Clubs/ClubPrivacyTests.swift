import Foundation
import PacelineAPI
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// `friends_and_clubs`: seen by the owner's friends and club-mates, by nobody else, and by
/// a club-mate no more once they leave; a club's feed and boards count only what the
/// reader may see.
@Suite("Club privacy")
struct ClubPrivacyTests {
    /// A moment in this week (UTC) before now, `minutes` into the last three hours.
    static func thisWeek(_ minutes: Double) -> Date {
        let week = GoalProgress.window(.week, containing: Date(), utcOffset: 0)
        return max(week.start, Date().addingTimeInterval(-3 * 3600)).addingTimeInterval(minutes * 60)
    }

    @Test("a friends_and_clubs activity: a club-mate and a friend see it, a stranger and one who left don't",
          arguments: TestDatabase.available)
    func friendsAndClubs(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let cy = try await server.newUser("Cy")
            let eve = try await server.newUser("Eve")
            try await server.befriend(ann, cy)
            let club = try await ClubTests.club(ann)
            _ = try await ClubTests.join(bo, club)
            let run = try await AchievementTests.upload(ann, meters: 3_000, start: Self.thisWeek(1), privacy: .friendsAndClubs)
            #expect(run.privacy == .friendsAndClubs)
            #expect(try await server.raw(.GET, "/runs/\(run.id)", token: bo.token).status == 200)
            #expect(try await server.raw(.GET, "/runs/\(run.id)", token: cy.token).status == 200)
            #expect(try await server.raw(.GET, "/runs/\(run.id)", token: eve.token).status == 404)
            #expect(try await server.raw(.GET, "/runs/\(run.id)").status == 404)
            // In the club's feed for Bo, in the friends' feed for Cy.
            let feed = try await bo.client.getClubFeed(path: .init(clubId: club.id)).ok.body.json.items
            #expect(feed.map(\.run?.id) == [run.id])
            #expect(try await cy.client.getFeed().ok.body.json.items.contains { $0.run?.id == run.id })
            // Bo leaves: the activity is hidden from him at once.
            _ = try await bo.client.leaveClub(path: .init(clubId: club.id)).noContent
            #expect(try await server.raw(.GET, "/runs/\(run.id)", token: bo.token).status == 404)
            #expect(try await server.raw(.GET, "/clubs/\(club.id)/feed", token: bo.token).status == 404)
            // Back in, then banned: hidden again; a request to join opens nothing.
            _ = try await ClubTests.join(bo, club)
            #expect(try await server.raw(.GET, "/runs/\(run.id)", token: bo.token).status == 200)
            #expect(try await server.raw(.PUT, "/clubs/\(club.id)/bans/\(bo.id)", token: ann.token).status == 204)
            #expect(try await server.raw(.GET, "/runs/\(run.id)", token: bo.token).status == 404)
        }
    }

    @Test("the rule's three forms agree for friends_and_clubs", arguments: TestDatabase.available)
    func threeForms(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let eve = try await server.newUser("Eve")
            let club = try await ClubTests.club(ann)
            _ = try await ClubTests.join(bo, club)
            let (annID, boID, eveID) = (UUID(uuidString: ann.id)!, UUID(uuidString: bo.id)!, UUID(uuidString: eve.id)!)
            for (viewer, sees) in [(boID, true), (eveID, false)] {
                #expect(try await Privacy.allows(viewer, toSee: annID, privacy: .friendsAndClubs, on: server.app.db) == sees)
                #expect(try await Viewer.load(viewer, on: server.app.db).maySee(owner: annID, privacy: .friendsAndClubs) == sees)
                #expect(try await Privacy.allows(viewer, toSee: annID, privacy: .friends, on: server.app.db) == false)
            }
        }
    }

    @Test("a board counts only what its reader may see, this week or month, per sport and measure", arguments: TestDatabase.available)
    func boards(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let cy = try await server.newUser("Cy")
            try await server.befriend(ann, cy)
            let club = try await ClubTests.club(ann)
            _ = try await ClubTests.join(bo, club)
            _ = try await ClubTests.join(cy, club)
            let shared = try await AchievementTests.upload(ann, meters: 2_000, start: Self.thisWeek(1), privacy: .friendsAndClubs)
            let hidden = try await AchievementTests.upload(ann, meters: 5_000, start: Self.thisWeek(30), privacy: .private)
            let friends = try await AchievementTests.upload(ann, meters: 1_000, start: Self.thisWeek(60), privacy: .friends)
            let bos = try await AchievementTests.upload(bo, meters: 4_000, start: Self.thisWeek(90), privacy: .public)
            let old = try await AchievementTests.upload(bo, meters: 9_000, start: Self.thisWeek(0).addingTimeInterval(-40 * 86_400), privacy: .public)
            let board = { (user: TestUser) in
                try await user.client.getClubLeaderboard(path: .init(clubId: club.id)).ok.body.json.standings
            }
            // Bo sees Ann's shared run alone; Cy, her friend, the friends-only one too; Ann all three.
            let forBo = try await board(bo)
            #expect(forBo.map(\.user.displayName) == ["Bo", "Ann"])
            #expect(abs(forBo[1].value - shared.creditedDistanceMeters) < 0.01 && forBo[1].activities == 1)
            #expect(abs(forBo[0].value - bos.creditedDistanceMeters) < 0.01, "last month's run is not this week's")
            let forCy = try await board(cy)
            #expect(abs(forCy.first { $0.user.displayName == "Ann" }!.value - shared.creditedDistanceMeters - friends.creditedDistanceMeters) < 0.01)
            let forAnn = try await board(ann)
            #expect(forAnn[0].user.displayName == "Ann" && forAnn[0].activities == 3 && forAnn[0].rank == 1)
            #expect(abs(forAnn[0].value - shared.creditedDistanceMeters - hidden.creditedDistanceMeters - friends.creditedDistanceMeters) < 0.01)
            // Counted by activities, Bo and Ann tie for Bo: one rank.
            let counted = try await bo.client.getClubLeaderboard(path: .init(clubId: club.id), query: .init(measure: .activities)).ok.body.json
            #expect(counted.standings.map(\.rank) == [1, 1] && counted.standings.map(\.value) == [1, 1])
            // Moving time and ascent are the runs' own; walks are another board.
            let time = try await ann.client.getClubLeaderboard(path: .init(clubId: club.id), query: .init(period: .month, measure: .time)).ok.body.json
            #expect(time.period == .month && time.standings.contains { $0.user.displayName == "Bo" })
            #expect(try await ann.client.getClubLeaderboard(path: .init(clubId: club.id), query: .init(sport: .walk)).ok.body.json.standings.isEmpty)
            _ = old
            // A member who leaves is off the board, whatever they share.
            _ = try await bo.client.leaveClub(path: .init(clubId: club.id)).noContent
            #expect(try await board(ann).map(\.user.displayName) == ["Ann"])
            // A deleted run counts no more.
            _ = try await ann.client.deleteRun(path: .init(runId: shared.id)).noContent
            #expect(try await board(cy).first?.activities == 1)
        }
    }
}
