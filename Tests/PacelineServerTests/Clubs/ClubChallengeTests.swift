import Fluent
import Foundation
import PacelineAPI
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// Club challenges: set by the club's owner and admins, read by its members; standings
/// that move with an upload at once and count only what members let the whole club see;
/// finishers with a badge; the results told once when a challenge ends.
@Suite("Club challenges")
struct ClubChallengeTests {
    /// A challenge of `club`'s from yesterday to next week.
    static func challenge(_ owner: TestUser, _ club: Components.Schemas.Club, _ kind: Components.Schemas.ClubChallengeKind,
                          goal: Double? = nil, together: Bool? = nil, effortMeters: Double? = nil, segmentId: String? = nil,
                          sport: Sport = .run) async throws -> Components.Schemas.ClubChallenge {
        try await owner.client.createClubChallenge(path: .init(clubId: club.id), body: .json(.init(
            title: "November \(kind.rawValue)", sport: sport, kind: kind, goal: goal, together: together, effortMeters: effortMeters,
            segmentId: segmentId, startsAt: Date().addingTimeInterval(-86_400), endsAt: Date().addingTimeInterval(7 * 86_400)))).created.body.json
    }

    /// `challenge` as `user` reads it.
    static func read(_ challenge: Components.Schemas.ClubChallenge, by user: TestUser) async throws -> Components.Schemas.ClubChallenge {
        try await user.client.getClubChallenge(path: .init(clubId: challenge.clubId, challengeId: challenge.id)).ok.body.json
    }

    /// Settles every open challenge now, as the settler does every 2 s for those marked
    /// changed (its background round may hold a claim while a test reads: this does not wait on it).
    static func settle(_ server: TestServer) async throws {
        for challenge in try await ClubChallenge.query(on: server.app.db).filter(\.$closedAt == nil).all() {
            try await ChallengeFinishers.settle(challenge, on: server.app.db)
        }
    }

    /// `meters` at 3 m/s started `minutesAgo` minutes ago.
    static func upload(_ user: TestUser, _ meters: Double, minutesAgo: Double, privacy: Components.Schemas.Privacy) async throws -> Components.Schemas.Run {
        try await AchievementTests.upload(user, meters: meters, start: Date().addingTimeInterval(-minutesAgo * 60), privacy: privacy)
    }

    /// The status of a challenge `body` posted to `club` by `user`, as JSON any shape.
    static func post(_ server: TestServer, _ club: Components.Schemas.Club, by user: TestUser, _ body: [String: Any]) async throws -> TestServer.RawResponse {
        try await server.raw(.POST, "/clubs/\(club.id)/challenges", token: user.token, headers: ClubTests.json,
                             body: try JSONSerialization.data(withJSONObject: body))
    }

    @Test("an upload moves a distance challenge at once; the goal makes a finisher with a badge; a hidden activity counts for nothing",
          arguments: TestDatabase.available)
    func distance(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann"), bo = try await server.newUser("Bo")
            let club = try await ClubTests.club(ann)
            _ = try await ClubTests.join(bo, club)
            let challenge = try await Self.challenge(ann, club, .distance, goal: 3_000)
            #expect(challenge.status == .active && challenge.participants == 0 && challenge.total == nil, "a total each is no goal together")
            // Bo's shared 2 km: on the board as soon as the upload is answered.
            let shared = try await Self.upload(bo, 2_000, minutesAgo: 120, privacy: .friendsAndClubs)
            let uploaded = Date()
            var read = try await Self.read(challenge, by: ann)
            let lag = Date().timeIntervalSince(uploaded)
            #expect(lag < 2, "read \(lag) s after the upload")
            let first = try #require(read.standings?.first)
            #expect(first.user.displayName == "Bo" && abs(first.value - shared.creditedDistanceMeters) < 0.01 && !first.finished)
            // A private 5 km and a friends-only 5 km count for nothing, even for Bo himself.
            _ = try await Self.upload(bo, 5_000, minutesAgo: 90, privacy: .private)
            _ = try await Self.upload(bo, 5_000, minutesAgo: 60, privacy: .friends)
            read = try await Self.read(challenge, by: bo)
            #expect(read.you?.activities == 1 && read.you?.finished == false && read.finishers == 0)
            try await Self.settle(server)
            #expect(try await bo.client.listMyChallengeBadges().ok.body.json.badges.isEmpty)
            // A public 1.2 km: past 3 km, finished, with a badge.
            _ = try await Self.upload(bo, 1_200, minutesAgo: 30, privacy: .public)
            read = try await Self.read(challenge, by: ann)
            #expect(read.standings?.first?.finished == true && read.finishers == 1 && read.participants == 1)
            try await Self.settle(server)
            let badges = try await bo.client.listMyChallengeBadges().ok.body.json.badges
            #expect(badges.map(\.title) == ["November distance"] && badges.first?.clubName == "Tuesday Runners")
            // Making the shared run private takes the badge back while the challenge runs.
            _ = try await bo.client.updateRun(path: .init(runId: shared.id), body: .json(.init(privacy: .private))).ok
            read = try await Self.read(challenge, by: ann)
            #expect(read.you == nil && read.standings?.first?.activities == 1 && read.finishers == 0)
            try await Self.settle(server)
            #expect(try await bo.client.listMyChallengeBadges().ok.body.json.badges.isEmpty)
            // A walk is not a run; last month's run is outside the dates.
            _ = try await AchievementTests.upload(bo, meters: 4_000, start: Date().addingTimeInterval(-40 * 86_400), privacy: .public)
            #expect(try await Self.read(challenge, by: ann).standings?.first?.activities == 1)
        }
    }

    @Test("an upload only marks the challenges it may move; one settling round settles each once and clears the mark",
          arguments: TestDatabase.available)
    func marks(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let club = try await ClubTests.club(ann)
            let runs = try await Self.challenge(ann, club, .distance, goal: 1_000)
            let walks = try await Self.challenge(ann, club, .distance, goal: 1_000, sport: .walk)
            let changed = { () async throws -> Set<String> in
                Set(try await ClubChallenge.query(on: server.app.db).filter(\.$changedAt != nil).all().compactMap { $0.id?.apiID })
            }
            try await ChallengeFinishers.settleChanged(on: server.app.db)  // the new ones
            #expect(try await changed().isEmpty)
            _ = try await Self.upload(ann, 1_500, minutesAgo: 30, privacy: .public)
            let marked = try await changed()
            #expect(marked.isEmpty || marked == [runs.id], "a run marks the runs' challenge alone (the settler may have been quicker)")
            try await ChallengeFinishers.settleChanged(on: server.app.db)
            #expect(try await changed().isEmpty && walks.id != runs.id)
            #expect(try await ann.client.listMyChallengeBadges().ok.body.json.badges.map(\.challengeId) == [runs.id])
        }
    }

    @Test("a goal together: everyone who counted finishes once the club's total reaches it", arguments: TestDatabase.available)
    func together(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann"), bo = try await server.newUser("Bo"), cy = try await server.newUser("Cy")
            let club = try await ClubTests.club(ann)
            _ = try await ClubTests.join(bo, club)
            _ = try await ClubTests.join(cy, club)
            let challenge = try await Self.challenge(ann, club, .distance, goal: 5_000, together: true)
            _ = try await Self.upload(ann, 2_000, minutesAgo: 100, privacy: .public)
            _ = try await Self.upload(bo, 2_000, minutesAgo: 80, privacy: .friendsAndClubs)
            var read = try await Self.read(challenge, by: cy)
            #expect(read.finishers == 0 && read.total.map { $0 > 3_900 && $0 < 4_100 } == true)
            _ = try await Self.upload(cy, 1_500, minutesAgo: 60, privacy: .public)
            read = try await Self.read(challenge, by: cy)
            #expect(read.finishers == 3 && read.standings?.allSatisfy(\.finished) == true)
            try await Self.settle(server)
            for user in [ann, bo, cy] {
                #expect(try await user.client.listMyChallengeBadges().ok.body.json.badges.count == 1)
            }
            // Cy blocks Ann: what Ann reads adds up to no number of Cy's, neither the total nor the finishers.
            let cys = try #require(read.standings?.first { $0.user.displayName == "Cy" })
            _ = try await cy.client.blockUser(path: .init(userId: ann.id)).noContent
            let forAnn = try await Self.read(challenge, by: ann)
            #expect(forAnn.finishers == 2 && forAnn.participants == 2 && forAnn.standings?.contains { $0.user.displayName == "Cy" } == false)
            #expect(abs((forAnn.total ?? 0) - ((read.total ?? 0) - cys.value)) < 0.01)
            // A goal together is for totals only.
            let refused = try await Self.post(server, club, by: ann, [
                "title": "Fast", "sport": "run", "kind": "fastest", "effortMeters": 1000, "together": true,
                "startsAt": ISO8601DateFormatter().string(from: Date()), "endsAt": ISO8601DateFormatter().string(from: Date().addingTimeInterval(86_400)),
            ])
            #expect(refused.status == 400)
        }
    }

    @Test("moving time and climb: a member's total is their activities' own, as the activity page shows them", arguments: TestDatabase.available)
    func timeAndAscent(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let club = try await ClubTests.club(ann)
            let time = try await Self.challenge(ann, club, .time, goal: 3_600)
            let ascent = try await Self.challenge(ann, club, .ascent, goal: 50)
            var uploaded: [Components.Schemas.Run] = []
            for (index, climb) in [40.0, 25.0].enumerated() {
                var builder = SyntheticTrack(origin: Coordinate(latitude: 55.86, longitude: -4.25))
                builder.legs = [(east: 2_000, north: 0)]
                builder.elevation = { along in 20 + climb * min(1, along / 1_000) }
                builder.start = Date().addingTimeInterval(-Double(3 - index) * 3_600)
                let fixes = builder.build().track.fixes.map {
                    Components.Schemas.FixInput(time: $0.time!, latitude: $0.coordinate!.latitude, longitude: $0.coordinate!.longitude,
                                                elevation: $0.elevation)
                }
                uploaded.append(try await ann.client.uploadRun(query: .init(privacy: .public), body: .json(.init(fixes: fixes))).created.body.json)
            }
            let moving = uploaded.reduce(0) { $0 + $1.movingSeconds }, climbed = uploaded.reduce(0) { $0 + $1.ascentMeters }
            #expect(climbed > 50, "the runs climbed \(climbed) m")
            let times = try #require(try await Self.read(time, by: ann).you)
            #expect(abs(times.value - moving) < 0.01 && times.activities == 2 && !times.finished)
            let climbs = try #require(try await Self.read(ascent, by: ann).you)
            #expect(abs(climbs.value - climbed) < 0.01 && climbs.finished)
        }
    }

    @Test("fastest over 1 km from the best efforts, fewest seconds first, with a time to beat", arguments: TestDatabase.available)
    func fastest(database: TestDatabase) async throws {
        try await withServer(database) { server in
            // Their activities are public by default: `SegmentTests.upload` sends no privacy.
            let ann = try await server.newUser("Ann", sharing: .public), bo = try await server.newUser("Bo", sharing: .public)
            let club = try await ClubTests.club(ann)
            _ = try await ClubTests.join(bo, club)
            let challenge = try await Self.challenge(ann, club, .fastest, goal: 300, effortMeters: 1_000)
            #expect(challenge.total == nil)
            let slow = try await SegmentTests.upload(ann, speed: 3, hoursAgo: 3, metres: 1_500)
            let fast = try await SegmentTests.upload(bo, speed: 4, hoursAgo: 2, metres: 1_500)
            _ = try await SegmentTests.upload(bo, speed: 3.5, hoursAgo: 1, metres: 1_500)
            let standings = try #require(try await Self.read(challenge, by: ann).standings)
            try #require(standings.map(\.user.displayName) == ["Bo", "Ann"])
            #expect(standings[0].runId == fast.id && standings[0].activities == 2 && abs(standings[0].value - 250) < 2 && standings[0].finished)
            #expect(standings[1].runId == slow.id && abs(standings[1].value - 333) < 2 && !standings[1].finished, "slower than 5:00 for the km")
            // A distance that is not a record distance is refused.
            let refused = try await Self.post(server, club, by: ann, [
                "title": "Odd", "sport": "run", "kind": "fastest", "effortMeters": 1234,
                "startsAt": ISO8601DateFormatter().string(from: Date()), "endsAt": ISO8601DateFormatter().string(from: Date().addingTimeInterval(86_400)),
            ])
            #expect(refused.status == 400)
        }
    }

    @Test("a segment: each member's fastest effort in the dates; a time through a member's privacy zone is theirs alone",
          arguments: TestDatabase.available)
    func segment(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public), bo = try await server.newUser("Bo", sharing: .public)
            let club = try await ClubTests.club(ann)
            _ = try await ClubTests.join(bo, club)
            let first = try await SegmentTests.upload(ann, speed: 3, hoursAgo: 5)
            let segment = try await SegmentTests.segment(of: first, by: ann)
            let challenge = try await Self.challenge(ann, club, .segment, segmentId: segment.id)
            #expect(challenge.segment?.name == "Green straight")
            let bos = try await SegmentTests.upload(bo, speed: 4, hoursAgo: 3)
            var standings = try #require(try await Self.read(challenge, by: ann).standings)
            try #require(standings.map(\.user.displayName) == ["Bo", "Ann"])
            #expect(standings[0].runId == bos.id && standings.allSatisfy(\.finished))
            // Bo puts a privacy zone on the segment: Ann no longer sees his time; he does.
            _ = try await bo.client.putPrivacyZones(body: .json(.init(zones: [.init(latitude: LiveRace.origin.latitude + 0.0135,
                                                                                       longitude: LiveRace.origin.longitude, radiusMeters: 200)]))).ok
            standings = try #require(try await Self.read(challenge, by: ann).standings)
            #expect(standings.map(\.user.displayName) == ["Ann"] && standings.first?.rank == 1)
            #expect(try await Self.read(challenge, by: bo).you?.rank == 1)
            // A private segment can't be a club's challenge.
            let secret = try await SegmentTests.segment(of: first, by: ann, privacy: .private, name: "Mine")
            let refused = try await Self.post(server, club, by: ann, [
                "title": "Secret", "sport": "run", "kind": "segment", "segmentId": secret.id,
                "startsAt": ISO8601DateFormatter().string(from: Date()), "endsAt": ISO8601DateFormatter().string(from: Date().addingTimeInterval(86_400)),
            ])
            #expect(refused.status == 400)
        }
    }

    @Test("owners and admins set and delete; members read; others are refused; a member who blocked the reader is left out",
          arguments: TestDatabase.available)
    func roles(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann"), bo = try await server.newUser("Bo"), eve = try await server.newUser("Eve")
            let club = try await ClubTests.club(ann)
            _ = try await ClubTests.join(bo, club)
            let challenge = try await Self.challenge(ann, club, .time, goal: 3_600)
            let body: [String: Any] = ["title": "Mine", "sport": "run", "kind": "distance", "goal": 1000,
                                       "startsAt": ISO8601DateFormatter().string(from: Date()),
                                       "endsAt": ISO8601DateFormatter().string(from: Date().addingTimeInterval(86_400))]
            #expect(try await Self.post(server, club, by: bo, body).status == 403)
            #expect(try await Self.post(server, club, by: eve, body).status == 404)
            #expect(try await server.raw(.GET, "/clubs/\(club.id)/challenges/\(challenge.id)", token: eve.token).status == 404)
            #expect(try await server.raw(.DELETE, "/clubs/\(club.id)/challenges/\(challenge.id)", token: bo.token).status == 403)
            #expect(try await bo.client.listClubChallenges(path: .init(clubId: club.id)).ok.body.json.challenges.map(\.id) == [challenge.id])
            // Bad dates and goals are 400s that say why.
            for (key, value) in [("goal", -1 as Any), ("goal", 1e12 as Any), ("endsAt", "2020-01-01T00:00:00Z" as Any),
                                 ("startsAt", "2020-01-01T00:00:00Z" as Any), ("title", "   " as Any)] {
                var bad = body
                bad[key] = value
                #expect(try await Self.post(server, club, by: ann, bad).status == 400, "\(key)")
            }
            // Bo blocks Ann: his time is left out of what she reads, not of what he reads.
            _ = try await Self.upload(bo, 2_000, minutesAgo: 60, privacy: .public)
            _ = try await Self.upload(ann, 1_000, minutesAgo: 30, privacy: .public)
            _ = try await bo.client.blockUser(path: .init(userId: ann.id)).noContent
            #expect(try await Self.read(challenge, by: ann).standings?.map(\.user.displayName) == ["Ann"])
            #expect(try await Self.read(challenge, by: bo).standings?.map(\.user.displayName) == ["Bo", "Ann"])
            // At most 20 running or to come: the 21st is refused, counted under the club's lock.
            for _ in 1..<ChallengeBook.mostOpen {
                #expect(try await Self.post(server, club, by: ann, body).status == 201)
            }
            let refused = try await Self.post(server, club, by: ann, body)
            #expect(refused.status == 409 && (refused.json?["error"] as? [String: Any])?["code"] as? String == "too_many_challenges")
            #expect(try await ann.client.listClubChallenges(path: .init(clubId: club.id), query: .init(limit: 100)).ok.body.json
                .challenges.count == ChallengeBook.mostOpen)
            // Deleted by the owner: gone.
            #expect(try await server.raw(.DELETE, "/clubs/\(club.id)/challenges/\(challenge.id)", token: ann.token).status == 204)
            #expect(try await server.raw(.GET, "/clubs/\(club.id)/challenges/\(challenge.id)", token: ann.token).status == 404)
        }
    }

    @Test("the end: each participant is told their place once, and the finishers are kept for good", arguments: TestDatabase.available)
    func results(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann"), bo = try await server.newUser("Bo")
            let club = try await ClubTests.club(ann)
            _ = try await ClubTests.join(bo, club)
            let challenge = try await Self.challenge(ann, club, .distance, goal: 1_500)
            _ = try await Self.upload(ann, 1_000, minutesAgo: 60, privacy: .public)
            _ = try await Self.upload(bo, 2_000, minutesAgo: 30, privacy: .public)
            // Bo blocks Ann before the end: her place is told among those she may see.
            _ = try await bo.client.blockUser(path: .init(userId: ann.id)).noContent
            let end = Date().addingTimeInterval(8 * 86_400)
            try await ChallengeResults.close(endedBy: end, on: server.app.db)
            try await ChallengeResults.close(endedBy: end, on: server.app.db)
            let told = { (user: TestUser) in
                try await user.client.listNotifications().ok.body.json.notifications.filter { $0.kind == .challengeResult }
            }
            let bos = try await told(bo)
            #expect(bos.count == 1 && bos[0].excerpt == "November distance: 1st of 2, finished" && bos[0].challengeId == challenge.id)
            #expect(try await told(ann).map(\.excerpt) == ["November distance: 1st of 1"])
            // Closed: Bo keeps his badge after leaving; nothing moves any more.
            _ = try await bo.client.leaveClub(path: .init(clubId: club.id)).noContent
            _ = try await Self.upload(ann, 1_000, minutesAgo: 10, privacy: .public)
            #expect(try await bo.client.listMyChallengeBadges().ok.body.json.badges.count == 1)
            #expect(try await ann.client.listMyChallengeBadges().ok.body.json.badges.isEmpty, "closed before her second run")
            #expect(SharedRanks.of([9, 7, 7, 3]) == [1, 2, 2, 4] && SharedRanks.of([]) == [])
            #expect(ChallengeResults.ordinal(11) == "11th" && ChallengeResults.ordinal(22) == "22nd" && ChallengeResults.ordinal(103) == "103rd")
            let long = ChallengeResults.result(String(repeating: "x", count: 200), rank: 3, of: 12, finished: true)
            #expect(long.count == Notifications.excerptCharacters && long.hasSuffix("…: 3rd of 12, finished"))
        }
    }
}
