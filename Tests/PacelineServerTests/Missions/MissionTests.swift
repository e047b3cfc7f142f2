import Foundation
import PacelineAPI
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import Testing

@Suite("Missions")
struct MissionTests {
    let glasgow = Coordinate(latitude: 55.87, longitude: -4.26)

    /// A run of `metres` due north at `speed`, starting `offset` seconds from now.
    func run(_ user: TestUser, metres: Double, offset: TimeInterval, speed: Double = 3, key: String? = nil,
             jump: (after: Double, metres: Double)? = nil) async throws -> Components.Schemas.Run {
        let fixes = MissionFiles.northward(from: glasgow, metres: metres, start: Date().addingTimeInterval(offset), speed: speed, jump: jump)
        let output = try await user.client.uploadRun(headers: .init(idempotencyKey: key), body: .json(fixes))
        if case .ok(let retried) = output { return try retried.body.json }
        return try output.created.body.json
    }

    func journey(_ user: TestUser, _ mission: String) async throws -> Components.Schemas.Journey {
        try await user.client.getJourney(path: .init(missionId: mission)).ok.body.json
    }

    func join(_ user: TestUser, _ mission: String, from start: (Int, Int), to end: (Int, Int),
              privacy: Components.Schemas.Privacy? = nil) async throws -> Operations.JoinMission.Output {
        try await user.client.joinMission(path: .init(missionId: mission), body: .json(.init(
            start: .init(route: start.0, stage: start.1), end: .init(route: end.0, stage: end.1), privacy: privacy)))
    }

    /// Two short routes due north of Glasgow: 1 km (stages ending at 400 m and 1 km) and 600 m (one stage).
    func tinyMission() -> Mission {
        let a = MissionPath([glasgow, MissionFiles.north(of: glasgow, metres: 500), MissionFiles.north(of: glasgow, metres: 1_000)])
        let bStart = Coordinate(latitude: 55.9, longitude: -4.2)
        let b = MissionPath([bStart, MissionFiles.north(of: bStart, metres: 600)])
        let medals = MedalThresholds(gold: 86_400, silver: 2 * 86_400, bronze: 3 * 86_400)
        return Mission(id: "tiny", name: "Tiny", summary: "Two short routes.", routes: [
            MissionRoute(name: "A", path: a, stages: [MissionStage(name: "A1", start: 0, end: 400),
                                                      MissionStage(name: "A2", start: 400, end: a.length)], medals: medals),
            MissionRoute(name: "B", path: b, stages: [MissionStage(name: "B1", start: 0, end: b.length,
                                                                   photo: StagePhoto(url: "https://example.org/b1.jpg", attribution: "Test"))],
                         medals: medals),
        ])
    }

    @Test("a run moves the journey by its verified distance exactly once; a stage crossed mid-run unlocks its photo",
          arguments: TestDatabase.available)
    func advancesOnce(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let mission = try await server.importExampleMission("scotland-canals")
            let ann = try await server.newUser("Ann")
            let before = try await run(ann, metres: 2_000, offset: -86_400)  // before joining: never counts
            #expect(try await join(ann, "scotland-canals", from: (0, 0), to: (0, 7)).created.body.json.distanceMeters == 0)
            let missions = try await ann.client.listMissions().ok.body.json.missions
            #expect(missions.map(\.id) == ["scotland-canals"] && missions[0].progress?.distanceMeters == 0)

            let first = try await run(ann, metres: 1_000, offset: 10, key: "walk-1")
            _ = try await run(ann, metres: 1_000, offset: 10, key: "walk-1")  // a retry
            _ = try await run(ann, metres: 1_000, offset: 10)  // the same walk again, as a new run: overlaps, earns nothing
            var journey = try await journey(ann, "scotland-canals")
            #expect(abs(journey.distanceMeters - 1_000) < 0.01)
            #expect(journey.place.stage == 0 && journey.completedStages.isEmpty)
            let none = try await ann.client.getRunMissionAdvances(path: .init(runId: before.id)).ok.body.json
            #expect(none.advances.isEmpty)

            // 800 m past the end of the first stage.
            let stageEnd = mission.routes[0].stages[0].end
            let second = try await run(ann, metres: stageEnd - 1_000 + 800, offset: 4_000)
            journey = try await self.journey(ann, "scotland-canals")
            #expect(journey.place.route == 0 && journey.place.stage == 1)
            #expect(abs(journey.place.metersIntoStage - 800) < 0.01)
            let expected = mission.routes[0].path.coordinate(at: stageEnd + 800)
            #expect(Geodesy.distance(expected, Coordinate(latitude: journey.place.position.latitude, longitude: journey.place.position.longitude)) < 0.01)
            #expect(journey.completedStages.map(\.name) == ["Stockingfield Junction"])
            #expect(journey.completedStages[0].photo?.url.hasPrefix("https://commons.wikimedia.org/") == true)
            #expect(abs(journey.completedStages[0].completedAt.timeIntervalSince(second.endTime ?? Date())) < 0.01)

            let advances = try await ann.client.getRunMissionAdvances(path: .init(runId: second.id)).ok.body.json.advances
            #expect(advances.count == 1 && advances[0].missionName == "Glasgow → Edinburgh by canal")
            #expect(abs(advances[0].creditedMeters - (stageEnd - 200)) < 0.01)
            #expect(advances[0].completedStages.map(\.stage) == [0])
            #expect(abs(advances[0].completedStages[0].completedAt.timeIntervalSince(second.endTime ?? Date())) < 0.01)
            #expect(abs(advances[0].verifiedMeters - (stageEnd - 200)) < 0.01)
            let firstAdvance = try await ann.client.getRunMissionAdvances(path: .init(runId: first.id)).ok.body.json.advances
            #expect(firstAdvance.count == 1 && firstAdvance[0].completedStages.isEmpty)
        }
    }

    @Test("a teleport is credited nothing: the fix filter leaves the jump out of the recorded distance", arguments: TestDatabase.available)
    func teleport(database: TestDatabase) async throws {
        try await withServer(database) { server in
            try await server.importExampleMission("west-highland-way")
            let bo = try await server.newUser("Bo")
            _ = try await join(bo, "west-highland-way", from: (0, 0), to: (1, 9)).created
            // 600 m at 3 m/s, with a 5 km jump in 1 s after 300 m: the jump is a spike, then a
            // segment break (the fixes after it agree with each other), so it earns nothing.
            let teleport = try await run(bo, metres: 5_600, offset: 5, jump: (after: 300, metres: 5_000))
            let advance = try await bo.client.getRunMissionAdvances(path: .init(runId: teleport.id)).ok.body.json.advances[0]
            let expected = 600.0
            #expect(abs(advance.creditedMeters - expected) < 0.01)
            #expect(abs(advance.verifiedMeters - expected) < 0.01)
        }
    }

    @Test("distance carries into the next route; a whole route in time earns its medal; nothing is credited past the end",
          arguments: TestDatabase.available)
    func carryOverMedalsAndEnd(database: TestDatabase) async throws {
        try await withServer(database) { server in
            _ = try await importMissions([tinyMission()], into: server.location)
            let cy = try await server.newUser("Cy")
            _ = try await join(cy, "tiny", from: (0, 0), to: (1, 0)).created
            _ = try await run(cy, metres: 1_200, offset: 5)
            var journey = try await journey(cy, "tiny")
            #expect(journey.place.route == 1 && journey.place.stage == 0)
            #expect(abs(journey.place.metersIntoStage - 200) < 0.01)
            #expect(journey.completedRoutes.map(\.name) == ["A"] && journey.completedRoutes[0].medal == .gold)
            #expect(journey.completedStages.map(\.name) == ["A1", "A2"])

            let last = try await run(cy, metres: 1_000, offset: 1_000)
            let advance = try await cy.client.getRunMissionAdvances(path: .init(runId: last.id)).ok.body.json.advances[0]
            #expect(abs(advance.creditedMeters - 400) < 0.01 && advance.finished)
            #expect(advance.completedStages.map(\.name) == ["B1"] && advance.completedStages[0].photo?.url == "https://example.org/b1.jpg")
            journey = try await self.journey(cy, "tiny")
            #expect(journey.finishedAt != nil && journey.remainingMeters == 0)

            // What an achievements engine reads.
            let milestones = try await MissionMilestones.of([try #require(UUID(uuidString: cy.id))], on: server.app.db)
            #expect(milestones.map(\.kind) == [.stage, .stage, .route, .stage, .route, .mission])
            #expect(milestones.filter { $0.kind == .route }.map(\.medal) == [.gold, .gold])
            // PostgreSQL keeps microseconds: the stored finish may differ from the replay's by less.
            #expect(abs((milestones.last?.date ?? .distantPast).timeIntervalSince(journey.finishedAt ?? .distantFuture)) < 0.001)
            // …and counts: 3 stages at 50, the mission at 200 + 150 for gold on every route.
            let points = try await cy.client.getMyAchievements().ok.body.json.points
            #expect(points.stage == 150 && points.mission == 350)

            let after = try await run(cy, metres: 500, offset: 2_000)
            #expect(try await cy.client.getRunMissionAdvances(path: .init(runId: after.id)).ok.body.json.advances.isEmpty)

            // Part of a route earns no medal; restarting starts from nothing.
            let restarted = try await join(cy, "tiny", from: (0, 1), to: (1, 0)).ok.body.json
            #expect(restarted.distanceMeters == 0 && restarted.completedStages.isEmpty)
            _ = try await run(cy, metres: 700, offset: 3_000)
            journey = try await self.journey(cy, "tiny")
            #expect(journey.completedRoutes.count == 1 && journey.completedRoutes[0].medal == nil)
            #expect(abs(journey.place.metersIntoStage - 100) < 0.01)
        }
    }

    @Test("another user's journey is private unless shared; no one else reads a run's advances or changes a journey",
          arguments: TestDatabase.available)
    func privacy(database: TestDatabase) async throws {
        try await withServer(database) { server in
            _ = try await importMissions([tinyMission()], into: server.location)
            let ann = try await server.newUser("Ann"), bo = try await server.newUser("Bo"), cy = try await server.newUser("Cy")
            _ = try await join(ann, "tiny", from: (0, 0), to: (1, 0)).created
            let walk = try await run(ann, metres: 500, offset: 5)
            let path = Operations.GetUserJourney.Input.Path(missionId: "tiny", userId: ann.id)
            func status(_ client: Client) async throws -> Int {
                switch try await client.getUserJourney(path: path) {
                case .ok: 200
                case .default(let code, _): code
                }
            }
            let (boSees, anonymousSees, annSees) = (try await status(bo.client), try await status(server.client()), try await status(ann.client))
            #expect(boSees == 404 && anonymousSees == 404 && annSees == 200)
            _ = try await ann.client.updateJourney(path: .init(missionId: "tiny"), body: .json(.init(privacy: .friends))).ok
            let strangerSees = try await status(bo.client)
            #expect(strangerSees == 404)
            try await server.befriend(ann, bo)
            let (friendSees, cySees, nobodySees) = (try await status(bo.client), try await status(cy.client), try await status(server.client()))
            #expect(friendSees == 200 && cySees == 404 && nobodySees == 404)
            let seen = try await bo.client.getUserJourney(path: path).ok.body.json
            // Bo's feed shows the stage Ann completed, now that she shares the journey with friends.
            let feed = try await bo.client.getFeed().ok.body.json.items.filter { $0.kind == .mission }
            #expect(feed.map { $0.mission?.name } == ["A1"] && feed.first?.user.displayName == "Ann")
            let cyFeed = try await cy.client.getFeed().ok.body.json.items
            #expect(cyFeed.isEmpty)
            #expect(seen.user.displayName == "Ann" && abs(seen.distanceMeters - 500) < 0.01)
            _ = try await ann.client.updateJourney(path: .init(missionId: "tiny"), body: .json(.init(privacy: .public))).ok
            let (publicSees, cySeesPublic) = (try await status(server.client()), try await status(cy.client))
            #expect(publicSees == 200 && cySeesPublic == 200)

            _ = try await ann.client.updateJourney(path: .init(missionId: "tiny"), body: .json(.init(privacy: .private))).ok
            let hidden = try await bo.client.getFeed().ok.body.json.items.filter { $0.kind == .mission }
            #expect(hidden.isEmpty)

            // Another user's run advances: 404. Leaving or joining acts on one's own journey only.
            let advances = try await server.raw(.GET, "/runs/\(walk.id)/missions", token: bo.token)
            #expect(advances.status == 404)
            _ = try await bo.client.leaveMission(path: .init(missionId: "tiny")).noContent
            #expect(abs(try await journey(ann, "tiny").distanceMeters - 500) < 0.01)
            let boJourney = try await bo.client.getJourney(path: .init(missionId: "tiny"))
            if case .default(let code, _) = boJourney { #expect(code == 404) } else { Issue.record("Bo has no journey") }
            // Bo's runs don't move Ann.
            _ = try await join(bo, "tiny", from: (0, 0), to: (1, 0)).created
            _ = try await run(bo, metres: 800, offset: 10)
            #expect(abs(try await journey(ann, "tiny").distanceMeters - 500) < 0.01)
            _ = try await ann.client.leaveMission(path: .init(missionId: "tiny")).noContent
            #expect(abs(try await journey(bo, "tiny").distanceMeters - 800) < 0.01)
        }
    }

    @Test("bad choices are clear 4xx errors", arguments: TestDatabase.available)
    func badInput(database: TestDatabase) async throws {
        try await withServer(database) { server in
            _ = try await importMissions([tinyMission()], into: server.location)
            let ann = try await server.newUser("Ann")
            let cases: [(String, String, Int, String)] = [
                ("/missions/nowhere/journey", #"{"start": {"route": 0, "stage": 0}, "end": {"route": 0, "stage": 0}}"#, 404, "not_found"),
                ("/missions/tiny/journey", #"{"start": {"route": 0, "stage": 0}, "end": {"route": 0, "stage": 2}}"#, 422, "unprocessable"),
                ("/missions/tiny/journey", #"{"start": {"route": 1, "stage": 0}, "end": {"route": 0, "stage": 1}}"#, 422, "unprocessable"),
                ("/missions/tiny/journey", #"{"start": {"route": 0}}"#, 400, "bad_request"),
                ("/missions/tiny/journey", #"not json"#, 400, "bad_request"),
            ]
            for (path, body, status, code) in cases {
                let answer = try await server.raw(.PUT, path, token: ann.token, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
                #expect(answer.status == status && answer.errorCode == code, "\(path) \(body): \(String(decoding: answer.body, as: UTF8.self))")
            }
            let anonymous = try await server.raw(.PUT, "/missions/tiny/journey", headers: [("Content-Type", "application/json")],
                                                 body: Data(#"{"start": {"route": 0, "stage": 0}, "end": {"route": 0, "stage": 0}}"#.utf8))
            #expect(anonymous.status == 401)
            #expect(try await server.raw(.GET, "/missions/tiny/journey", token: ann.token).status == 404)
            #expect(try await server.raw(.GET, "/missions/Bad%20Id").status == 404)
            // A mission's map is the same until it is loaded again: its ETag answers 304.
            let map = try await server.raw(.GET, "/missions/tiny")
            let tag = try #require(map.headers.first { $0.0.lowercased() == "etag" }?.1)
            let again = try await server.raw(.GET, "/missions/tiny", headers: [("If-None-Match", tag)])
            #expect(map.status == 200 && again.status == 304 && again.body.isEmpty)
            #expect(try await server.raw(.GET, "/missions/tiny", headers: [("If-None-Match", "\"other\"")]).status == 200)
        }
    }
}
