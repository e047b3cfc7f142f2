import Foundation
import PacelineAPI
import PacelineCore
import PacelineTestSupport
import Testing

/// Achievements are the server's: computed from its statistics of uploaded runs, stored
/// with their dates, shown to whom the owner's privacy allows.
@Suite("Achievements")
struct AchievementTests {
    /// 2026-03-10T06:00:00Z.
    static let morning = Date(timeIntervalSince1970: 1_773_122_400)

    /// A straight run of `meters` at 3 m/s starting at `start`, in Glasgow.
    static func fixes(meters: Double, start: Date) -> [Components.Schemas.FixInput] {
        var builder = SyntheticTrack(origin: Coordinate(latitude: 55.86, longitude: -4.25))
        builder.legs = [(east: meters, north: 0)]
        builder.speed = 3
        builder.interval = 2
        builder.start = start
        return builder.build().track.fixes.map {
            .init(time: $0.time!, latitude: $0.coordinate!.latitude, longitude: $0.coordinate!.longitude, elevation: $0.elevation)
        }
    }

    static func upload(_ user: TestUser, meters: Double, start: Date, offsetMinutes: Int? = 0,
                       privacy: Components.Schemas.Privacy? = nil, name: String? = nil) async throws -> Components.Schemas.Run {
        try await user.client.uploadRun(query: .init(privacy: privacy, name: name, utcOffsetMinutes: offsetMinutes),
                                        body: .json(.init(fixes: fixes(meters: meters, start: start)))).created.body.json
    }

    static func badge(_ id: String, _ achievements: Components.Schemas.Achievements) throws -> Components.Schemas.BadgeStatus {
        try #require(achievements.badges.first { $0.id == id })
    }

    @Test("points, streak across local midnight, badges with the run and date that earned them; taken back with the run that earned them", arguments: TestDatabase.available)
    func scoreAndBadges(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            // 6 km at 22:30 local (UTC+1) on the 10th, 5 km at 00:10 local on the 11th: two days.
            let late = try await Self.upload(ann, meters: 6000, start: Self.morning.addingTimeInterval(15.5 * 3600), offsetMinutes: 60)
            let first = try await ann.client.getRunBadges(path: .init(runId: late.id)).ok.body.json.badges
            #expect(first.map(\.id) == ["longest-5", "records-1"])
            #expect(first.allSatisfy { $0.earnedAt == late.startTime && $0.runId == late.id })
            let early = try await Self.upload(ann, meters: 5000, start: Self.morning.addingTimeInterval(17 * 3600 + 10 * 60), offsetMinutes: 60)
            let second = try await ann.client.getRunBadges(path: .init(runId: early.id)).ok.body.json.badges
            #expect(second.map(\.id) == ["distance-10", "time-1"], "6 + 5 km crosses 10 km, and 11 km at 3 m/s an hour, on the second run")
            // Each run's points: its distance's, and its day's place in the streak (day 1, day 2).
            let latePoints = try #require(try await ann.client.getRunBadges(path: .init(runId: late.id)).ok.body.json.points)
            let earlyPoints = try #require(try await ann.client.getRunBadges(path: .init(runId: early.id)).ok.body.json.points)
            #expect(latePoints.distance == Points.distancePoints(kilometers: late.creditedDistanceMeters / 1000) && latePoints.streak == 5)
            #expect(earlyPoints.distance == Points.distancePoints(kilometers: early.creditedDistanceMeters / 1000) && earlyPoints.streak == 10)
            #expect(earlyPoints.total == earlyPoints.distance + 10 && earlyPoints.group == 0)

            let mine = try await ann.client.getMyAchievements().ok.body.json
            #expect(mine.streak.longest == 2)
            #expect(mine.streak.lastActiveDay == "2026-03-11")
            let distancePoints = Points.distancePoints(kilometers: late.distanceMeters / 1000) + Points.distancePoints(kilometers: early.distanceMeters / 1000)
            #expect(mine.points.distance == distancePoints)
            #expect(mine.points.streak == 5 + 10)
            #expect(mine.points.total == distancePoints + 15)
            #expect(mine.badges.count == Badge.catalogue.count, "every badge, earned or not")
            let fifty = try Self.badge("distance-50", mine)
            #expect(fifty.earnedAt == nil && fifty.current > 10_000 && fifty.target == 50_000)
            #expect(try Self.badge("distance-10", mine).earnedAt == early.startTime)

            // The same instants in UTC would be one day: the offset the client gave counts.
            let bo = try await server.newUser("Bo", sharing: .public)
            _ = try await Self.upload(bo, meters: 6000, start: late.startTime!, offsetMinutes: 0)
            _ = try await Self.upload(bo, meters: 5000, start: early.startTime!, offsetMinutes: 0)
            #expect(try await bo.client.getMyAchievements().ok.body.json.streak.longest == 1)

            // Deleting the run that earned a badge takes it back when the runs left don't earn it; points follow them too.
            _ = try await ann.client.deleteRun(path: .init(runId: early.id)).noContent
            let after = try await ann.client.getMyAchievements().ok.body.json
            #expect(try Self.badge("distance-10", after).earnedAt == nil)
            #expect(after.points.distance == Points.distancePoints(kilometers: late.distanceMeters / 1000))
        }
    }

    @Test("group points from an accepted invitation backed by a run at its time", arguments: TestDatabase.available)
    func invitationGroup(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let host = try await server.newUser("Host", sharing: .public)
            let guest = try await server.newUser("Guest", sharing: .public)
            try await server.befriend(host, guest)
            let startsAt = Date().addingTimeInterval(3600)
            let invitation = try await host.client.createInvitation(body: .json(.init(
                startsAt: startsAt, place: .init(latitude: 55.86, longitude: -4.25), guestIds: [guest.id]))).created.body.json
            _ = try await guest.client.respondToInvitation(path: .init(invitationId: invitation.id), body: .json(.init(response: .accept))).ok
            #expect(try await guest.client.getMyAchievements().ok.body.json.points.group == 0, "no run at its time yet")
            _ = try await Self.upload(guest, meters: 3000, start: startsAt.addingTimeInterval(300))
            let achievements = try await guest.client.getMyAchievements().ok.body.json
            #expect(achievements.points.group == 10)
            let earnedAt = try #require(try Self.badge("group-1", achievements).earnedAt)
            #expect(abs(earnedAt.timeIntervalSince(startsAt)) < 1, "the invitation's start, as stored")
        }
    }

    @Test("feed, profile and leaderboard respect privacy: a friend's private run and a stranger's runs stay hidden", arguments: TestDatabase.available)
    func privacy(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let bo = try await server.newUser("Bo", sharing: .public)
            let stranger = try await server.newUser("Stranger", sharing: .public)
            try await server.befriend(ann, bo)
            let open = try await Self.upload(bo, meters: 3000, start: Self.morning, privacy: .public, name: "Open run")
            let friendsOnly = try await Self.upload(bo, meters: 3000, start: Self.morning.addingTimeInterval(86_400), privacy: .friends)
            let secret = try await Self.upload(bo, meters: 11_000, start: Self.morning.addingTimeInterval(2 * 86_400), privacy: .private, name: "Secret")
            let strangers = try await Self.upload(stranger, meters: 3000, start: Self.morning, privacy: .public)

            let feed = try await ann.client.getFeed().ok.body.json.items
            let runIDs = feed.compactMap(\.run?.id)
            #expect(Set(runIDs) == [open.id, friendsOnly.id])
            #expect(!runIDs.contains(secret.id) && !runIDs.contains(strangers.id))
            // Bo's badges show, but the one the private run earned does not name it.
            let tenK = try #require(feed.first { $0.badge?.id == "distance-10" }?.badge)
            #expect(tenK.runId == nil)
            #expect(feed.map(\.date) == feed.map(\.date).sorted(by: >), "newest first")
            #expect(try await bo.client.getFeed().ok.body.json.items.contains { $0.run?.id == secret.id }, "the owner sees their own")

            // Achievements follow the profile's privacy.
            #expect(try await server.raw(.GET, "/users/\(bo.id)/achievements").status == 200, "public profile")
            _ = try await bo.client.updateProfile(body: .json(.init(defaultPrivacy: .friends))).ok
            #expect(try await server.raw(.GET, "/users/\(bo.id)/achievements").status == 404)
            #expect(try await server.raw(.GET, "/users/\(bo.id)/achievements", token: stranger.token).status == 404)
            let asFriend = try await ann.client.getUserAchievements(path: .init(userId: bo.id)).ok.body.json
            #expect(asFriend.user.displayName == "Bo" && asFriend.points.total > 0)
            #expect(try Self.badge("distance-10", asFriend).runId == nil, "the private run stays unnamed")
            #expect(try await server.raw(.GET, "/runs/\(secret.id)/badges", token: ann.token).status == 404)

            // The leaderboard: Ann and Bo, not the stranger; Bo drops out when private.
            let board = try await ann.client.getFriendsLeaderboard().ok.body.json.entries
            #expect(board.map(\.user.displayName) == ["Bo", "Ann"])
            #expect(board.map(\.rank) == [1, 2] && board[1].isMe && board[1].points == 0)
            _ = try await bo.client.updateProfile(body: .json(.init(defaultPrivacy: .private))).ok
            #expect(try await ann.client.getFriendsLeaderboard().ok.body.json.entries.map(\.user.displayName) == ["Ann"])
            #expect(try await server.raw(.GET, "/users/\(bo.id)/achievements", token: ann.token).status == 404)
            #expect(try await ann.client.getFeed().ok.body.json.items.allSatisfy { $0.kind == .run }, "no badges of a private profile")
        }
    }

    @Test("paging the feed gives every item once, in order, though a run and its badges share their instant", arguments: TestDatabase.available)
    func feedPaging(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let bo = try await server.newUser("Bo", sharing: .public)
            try await server.befriend(ann, bo)
            // Each first run earns two badges at its start; Bo's starts when Ann's does.
            for user in [ann, bo] {
                _ = try await Self.upload(user, meters: 6000, start: Self.morning)
                _ = try await Self.upload(user, meters: 5000, start: Self.morning.addingTimeInterval(86_400))
            }
            let whole = try await ann.client.getFeed(query: .init(limit: 100)).ok.body.json
            #expect(whole.nextCursor == nil)
            let sameInstant = whole.items.filter { $0.date == Self.morning }
            #expect(sameInstant.count == 6, "two runs and their four badges")
            #expect(Array(sameInstant.map(\.kind).prefix(2)) == [.run, .run], "runs before badges at one instant")

            for size in [1, 2, 3, 5] {
                var paged: [Components.Schemas.FeedItem] = []
                var cursor: String?
                repeat {
                    let page = try await ann.client.getFeed(query: .init(limit: size, cursor: cursor)).ok.body.json
                    #expect(page.items.count <= size)
                    paged += page.items
                    cursor = page.nextCursor
                } while cursor != nil && paged.count <= whole.items.count
                #expect(paged == whole.items, "pages of \(size)")
            }
            #expect(try await server.raw(.GET, "/feed?cursor=bm90LWEtY3Vyc29y", token: ann.token).status == 400)
        }
    }

    @Test("bad input is a 400: offsets beyond any time zone, feed limits")
    func badInput() async throws {
        try await withServer(.sqlite) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let body = try JSONEncoder().encode(["fixes": [[String: String]]()])
            let response = try await server.raw(.POST, "/runs?utcOffsetMinutes=900", token: ann.token,
                                                headers: [("Content-Type", "application/json")], body: body)
            #expect(response.status == 400 && response.errorCode == "bad_request")
            #expect(try await server.raw(.GET, "/feed?limit=0", token: ann.token).status == 400)
            #expect(try await server.raw(.GET, "/feed").status == 401)
            #expect(try await server.raw(.GET, "/users/not-a-uuid/achievements").status == 404)
        }
    }
}
