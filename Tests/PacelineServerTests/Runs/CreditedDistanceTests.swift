import Foundation
import PacelineAPI
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import SQLKit
import Testing

/// Forged distance (issue 17, item 5): the credited distance, stored beside the recorded
/// one, is what statistics, records, badges, points, missions and leaderboards count.
@Suite("Credited distance")
struct CreditedDistanceTests {
    static let glasgow = Coordinate(latitude: 55.87, longitude: -4.26)

    /// `count` fixes `metres` apart going east from `from`, every one within `within` seconds of `start`.
    static func forged(from: Coordinate, count: Int, metres: Double, start: Date, within: Double = 0.999) -> [Components.Schemas.FixInput] {
        (0..<count).map { i in
            .init(time: start.addingTimeInterval(Double(i) * within / Double(count)), latitude: from.latitude,
                  longitude: from.longitude + Double(i) * metres / (111_320 * cos(from.latitude * .pi / 180)), horizontalAccuracy: 5)
        }
    }

    /// 1.2 km north at 3 m/s from a minute from now, then 999 km east in under a second.
    static func honestThenForged() -> Components.Schemas.FixUpload {
        let start = Date().addingTimeInterval(60)
        let honest = MissionFiles.northward(from: glasgow, metres: 1_200, start: start).fixes!
        let end = MissionFiles.north(of: glasgow, metres: 1_200)
        return .init(sport: .run, segments: [honest, forged(from: end, count: 1_000, metres: 1_000, start: start.addingTimeInterval(400))])
    }

    @Test("999 km in 0.999 s is refused: none of it can be credited", arguments: TestDatabase.available)
    func theAttack(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let attack = Components.Schemas.FixUpload(sport: .run, fixes: Self.forged(from: Self.glasgow, count: 1_000, metres: 1_000, start: Date()))
            let answer = try await ann.client.uploadRun(body: .json(attack))
            guard case .default(let status, let error) = answer else { Issue.record("stored: \(answer)"); return }
            #expect(status == 422)
            let detail = try error.body.json.error
            #expect(detail.code == "too_short" && detail.message.contains("m where the times can't be trusted"), "\(detail.message)")
            #expect(try await ann.client.getStatistics().ok.body.json.distanceMeters == 0)
            #expect(try await ann.client.getMyAchievements().ok.body.json.points.total == 0)
        }
    }

    @Test("beside an honest 1.2 km, 999 km in 0.999 s is recorded but not credited: statistics, records, points, badges, missions",
          arguments: TestDatabase.available)
    func honestKilometrePlusForgery(database: TestDatabase) async throws {
        try await withServer(database) { server in
            try await server.importExampleMission("scotland-canals")
            let ann = try await server.newUser("Ann", sharing: .public)
            _ = try await ann.client.joinMission(path: .init(missionId: "scotland-canals"),
                                                 body: .json(.init(start: .init(route: 0, stage: 0), end: .init(route: 0, stage: 7)))).created
            let run = try await ann.client.uploadRun(body: .json(Self.honestThenForged())).created.body.json
            #expect(run.distanceMeters > 999_000)
            #expect(abs(run.creditedDistanceMeters - 1_200) < 5, "\(run.creditedDistanceMeters)")
            let uncredited = try #require(run.uncredited)
            #expect(abs(uncredited.untimedMeters - (run.distanceMeters - run.creditedDistanceMeters)) < 1e-6)
            #expect(uncredited.tooFastMeters == 0 && uncredited.maximumSpeedMetersPerSecond == 12.5)

            let stats = try await ann.client.getStatistics().ok.body.json
            #expect(stats.distanceMeters == run.creditedDistanceMeters)
            #expect(stats.records.map(\.distanceMeters) == [400, 1_000], "no mile, 5 km, 10 km, half or marathon made of the forgery")
            let achievements = try await ann.client.getMyAchievements().ok.body.json
            #expect(achievements.points.distance == 12, "⌊10·1.2 + 1.2²/10⌋ for the honest 1.2 km")
            let distanceBadges = achievements.badges.filter { $0.family == .distance || $0.family == .longest }
            #expect(!distanceBadges.isEmpty && distanceBadges.allSatisfy { $0.earnedAt == nil })
            let advance = try await ann.client.getRunMissionAdvances(path: .init(runId: run.id)).ok.body.json.advances
            #expect(advance.count == 1 && advance[0].verifiedMeters == run.creditedDistanceMeters)
            let feed = try await ann.client.getFeed().ok.body.json.items
            #expect(feed.first { $0.kind == .run }?.run?.uncredited != nil)
        }
    }

    @Test("an honest run is credited what it recorded, exactly", arguments: TestDatabase.available)
    func honest(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let bo = try await server.newUser("Bo", sharing: .public)
            for path in ["gpx/run.gpx", "tcx/garmin_connect.tcx", "fit/garmin-fenix-5-run.fit"] {
                let upload = try await server.upload(path, as: bo)
                let run = try await bo.client.getRun(path: .init(runId: try #require(upload.json?["id"] as? String))).ok.body.json
                #expect(run.creditedDistanceMeters == run.distanceMeters && run.uncredited == nil, "\(path)")
            }
            let json = try await bo.client.uploadRun(body: .json(MissionFiles.northward(from: Self.glasgow, metres: 2_000, start: Date())))
                .created.body.json
            #expect(json.creditedDistanceMeters == json.distanceMeters && json.uncredited == nil)
            let stats = try await bo.client.getStatistics().ok.body.json
            let runs = try await bo.client.listRuns().ok.body.json.runs
            #expect(abs(stats.distanceMeters - runs.reduce(0) { $0 + $1.distanceMeters }) < 1e-6)
        }
    }

    @Test("a follow whose time on the route is faster than the sport allows does not join its leaderboard", arguments: TestDatabase.available)
    func impossiblyFastFollow(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let bo = try await server.newUser("Bo", sharing: .public)
            let start = Date().addingTimeInterval(-86_400)
            let paceRun = try await ann.client.uploadRun(body: .json(MissionFiles.northward(from: Self.glasgow, metres: 2_000, start: start)))
                .created.body.json
            let route = try await ann.client.createRoute(body: .json(.init(runId: paceRun.id))).created.body.json
            // Bo "runs" the 2 km route at 20 m/s, then 300 m on at 3 m/s. The fix filter lets
            // none of his 20 m/s steps through (his distance is the way he could have gone at
            // 12.5 m/s), but a follow's replay takes every third fix (a jump three fixes agree
            // on is real), which finishes the route in 100 s.
            let forged = MissionFiles.northward(from: Self.glasgow, metres: 2_000, start: start.addingTimeInterval(4_000), speed: 20).fixes!
            let on = MissionFiles.northward(from: MissionFiles.north(of: Self.glasgow, metres: 2_000), metres: 300,
                                            start: start.addingTimeInterval(4_101)).fixes!.dropFirst()
            let run = try await bo.client.uploadRun(body: .json(.init(sport: .run, fixes: forged + on))).created.body.json
            let answer = try await bo.client.addRouteRun(path: .init(routeId: route.id), body: .json(.init(runId: run.id)))
            guard case .unprocessableContent(let refusal) = answer else { Issue.record("joined: \(answer)"); return }
            let body = try refusal.body.json
            #expect(body.error.code == "too_fast", "\(body.error.message)")
            #expect(body.error.message.contains("(at least 16"), "2 km at 12.5 m/s: \(body.error.message)")
            let board = try await bo.client.getLeaderboard(path: .init(routeId: route.id)).ok.body.json.entries
            #expect(board.map(\.runner.displayName) == ["Ann"])
        }
    }

    @Test("migration 011 credits the runs stored before it from their tracks, and measures a forged run's records again",
          arguments: TestDatabase.available)
    func backfill(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let cy = try await server.newUser("Cy", sharing: .public)
            let forged = try await cy.client.uploadRun(body: .json(Self.honestThenForged())).created.body.json
            let honest = try await server.upload("gpx/run.gpx", as: cy)
            let honestID = try #require(honest.json?["id"] as? String)
            let expected = try await cy.client.getRun(path: .init(runId: forged.id)).ok.body.json

            // The database as before migration 011: no credited columns (nor the club
            // boards' indexes of 041, which hold them), and the forged run's records as
            // they were measured then (a 5 km in a second).
            // One transaction: the server's background work (pushes, reminders) writes
            // meanwhile, and must not come between the columns going and coming back.
            let forgedID = try #require(UUID(uuidString: forged.id))
            try await server.app.db.transaction { transaction in
                try await IndexRunsForClubBoards().revert(on: transaction)
                try await AddRunCreditedDistance().revert(on: transaction)
                try await transaction.sql.update("runs")
                    .set("best_efforts", to: #"[{"distanceMeters":1000,"seconds":1},{"distanceMeters":5000,"seconds":1}]"#)
                    .where("id", .equal, forgedID).run()
                try await AddRunCreditedDistance().prepare(on: transaction)
                try await IndexRunsForClubBoards().prepare(on: transaction)
            }

            let after = try await cy.client.getRun(path: .init(runId: forged.id)).ok.body.json
            #expect(abs(after.creditedDistanceMeters - expected.creditedDistanceMeters) < 0.01)
            #expect(abs((after.uncredited?.untimedMeters ?? 0) - (expected.uncredited?.untimedMeters ?? 0)) < 0.01)
            let stats = try await cy.client.getStatistics().ok.body.json
            // The honest run.gpx (its 400 m, 1 km and mile) and the forged run's 400 m and 1 km, measured again: no more.
            #expect(stats.records.map(\.distanceMeters) == [400, 1_000, 1_609.344])
            let kilometre = try #require(stats.records.first { $0.distanceMeters == 1_000 })
            #expect(kilometre.elapsedSeconds > 200, "the forged run's 1 km was measured again: \(kilometre.elapsedSeconds)")
            let run = try await cy.client.getRun(path: .init(runId: honestID)).ok.body.json
            #expect(run.creditedDistanceMeters == run.distanceMeters && run.uncredited == nil)
        }
    }
}
