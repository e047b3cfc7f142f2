import Fluent
import Foundation
import PacelineAPI
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import SQLKit
import Testing

/// Runs stored by older rules are measured again with today's (`AnalysisRules`,
/// `RunRemeasuring`), and everything that follows from their numbers follows: records,
/// best efforts, missions, segment efforts (issue 36).
@Suite("Runs measured again when the rules improve")
struct RemeasureTests {
    /// Issue 35's slow stretch: 200 s at 2.5 m/s, 1,500 s at 0.5 m/s, 300 s at 2.5 m/s, a
    /// fix a second due north of Glasgow, ending `endingAgo` seconds ago.
    static func slowStretch(endingAgo: TimeInterval) -> Components.Schemas.FixUpload {
        let start = Date().addingTimeInterval(-endingAgo - 2_000)
        var north = 0.0, second = 0
        var fixes = [Components.Schemas.FixInput(time: start, latitude: 55.87, longitude: -4.26)]
        for (speed, seconds) in [(2.5, 200), (0.5, 1_500), (2.5, 300)] {
            for _ in 0..<seconds {
                north += speed
                second += 1
                fixes.append(.init(time: start.addingTimeInterval(Double(second)), latitude: 55.87 + north / 111_195, longitude: -4.26))
            }
        }
        return .init(sport: .run, fixes: fixes)
    }

    /// What issue 34's rules kept for that run: a 400 m of 0.54 s, a 1 km of 106 s, a
    /// maximum speed of 150 m/s, 508 s moving; and the version that measured it.
    static func asOlderRulesLeftThem(_ owner: UUID, on database: any Database) async throws {
        try await database.sql.raw("""
            UPDATE runs SET analysis_version = 1, moving_s = 508, max_speed = 150, average_pace = 254,
                best_efforts = '[{"distanceMeters":400,"seconds":0.54},{"distanceMeters":1000,"seconds":106}]'
            WHERE owner_id = \(bind: owner)
            """).run()
        try await NewRecords.measureAll(of: owner, on: database.sql)
        try await database.sql.raw("UPDATE mission_advances SET verified_m = 1 WHERE run_id IN (SELECT id FROM runs WHERE owner_id = \(bind: owner))").run()
    }

    /// Within a thousandth: what a centimetre of a stored position changes.
    static func close(_ a: Double?, _ b: Double?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return abs(a - b) <= max(abs(b), 1) * 0.001
    }

    @Test("a run older rules measured gets today's numbers, records and mission distance; a second pass does nothing",
          arguments: TestDatabase.available)
    func remeasured(database: TestDatabase) async throws {
        try await withServer(database) { server in
            _ = try await server.importExampleMission("scotland-canals")
            let ann = try await server.newUser("Ann")
            _ = try await ann.client.joinMission(path: .init(missionId: "scotland-canals"), body: .json(.init(
                start: .init(route: 0, stage: 0), end: .init(route: 0, stage: 7))))
            let today = try await ann.client.uploadRun(body: .json(Self.slowStretch(endingAgo: -2_100))).created.body.json
            let todaysRecords = try await ann.client.getRecords().ok.body.json.records
            let todaysEfforts = try await ann.client.getRunBestEfforts(path: .init(runId: today.id)).ok.body.json.efforts.map(\.seconds)
            let todaysJourney = try await ann.client.getJourney(path: .init(missionId: "scotland-canals")).ok.body.json
            #expect(todaysJourney.distanceMeters > 1_900)

            try await Self.asOlderRulesLeftThem(UUID(uuidString: ann.id)!, on: server.app.db)
            #expect(try await ann.client.getRecords().ok.body.json.records.first?.elapsedSeconds == 0.54)
            #expect(try await RunRemeasuring.outdated(on: server.app.db) == 1)

            let done = try await RunRemeasuring.all(on: server.app.db)
            #expect(done == RunRemeasuring.Progress(remeasured: 1, fromStoredTrack: 0, keptAsTheyWere: 0))
            // Measured from its original: today's numbers.
            let again = try await ann.client.getRun(path: .init(runId: today.id)).ok.body.json
            #expect(Self.close(again.movingSeconds, today.movingSeconds) && Self.close(again.maxSpeedMetersPerSecond, today.maxSpeedMetersPerSecond))
            let efforts = try await ann.client.getRunBestEfforts(path: .init(runId: today.id)).ok.body.json.efforts.map(\.seconds)
            #expect(efforts.count == todaysEfforts.count && zip(efforts, todaysEfforts).allSatisfy { Self.close($0, $1) })
            let records = try await ann.client.getRecords().ok.body.json.records
            #expect(records.map(\.name) == todaysRecords.map(\.name) && zip(records, todaysRecords).allSatisfy { Self.close($0.elapsedSeconds, $1.elapsedSeconds) })
            let journey = try await ann.client.getJourney(path: .init(missionId: "scotland-canals")).ok.body.json
            #expect(Self.close(journey.distanceMeters, todaysJourney.distanceMeters))
            #expect(try await RunRemeasuring.outdated(on: server.app.db) == 0)
            #expect(try await RunRemeasuring.all(on: server.app.db) == RunRemeasuring.Progress())
        }
    }

    @Test("a second instance started on the database measures them in the background while it serves",
          arguments: TestDatabase.available)
    func inTheBackground(database: TestDatabase) async throws {
        try await withServer(database) { first in
            let ann = try await first.newUser("Ann")
            var runs: [Components.Schemas.Run] = []
            for ago: TimeInterval in [86_400, 3 * 86_400] { runs.append(try await ann.client.uploadRun(body: .json(Self.slowStretch(endingAgo: ago))).created.body.json) }
            try await Self.asOlderRulesLeftThem(UUID(uuidString: ann.id)!, on: first.app.db)
            try await withServer(database, sharing: first) { second in
                let deadline = Date().addingTimeInterval(60)
                while try await RunRemeasuring.outdated(on: second.app.db) > 0, Date() < deadline {
                    try await Task.sleep(for: .milliseconds(200))
                }
                #expect(try await RunRemeasuring.outdated(on: second.app.db) == 0)
                // The gauge follows once the last page is written.
                var gauge = ""
                while !gauge.contains("\npaceline_runs_to_remeasure 0\n"), Date() < deadline {
                    let metrics = try await second.raw(.GET, "/metrics", headers: [("Authorization", "Bearer \(TestServer.metricsToken)")], underAPI: false)
                    gauge = String(decoding: metrics.body, as: UTF8.self)
                    try await Task.sleep(for: .milliseconds(100))
                }
                #expect(gauge.contains("\npaceline_runs_to_remeasure 0\n"))
                for run in runs {
                    let again = try await ann.client.getRun(path: .init(runId: run.id)).ok.body.json
                    #expect(Self.close(again.movingSeconds, run.movingSeconds) && Self.close(again.maxSpeedMetersPerSecond, run.maxSpeedMetersPerSecond))
                }
                #expect(try await ann.client.getRecords().ok.body.json.records.allSatisfy { $0.distanceMeters / $0.elapsedSeconds <= 2.55 })
            }
        }
    }

    @Test("a run today's rules find no run in is kept as it was, and not tried again", arguments: TestDatabase.available)
    func keptAsItWas(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let run = try await ann.client.uploadRun(body: .json(Self.slowStretch(endingAgo: 86_400))).created.body.json
            // Stored before originals were kept, and its track no reader makes sense of any more.
            try await server.app.db.sql.raw("UPDATE runs SET analysis_version = 1, original_id = NULL, track = \(bind: Data([1, 2, 3])) WHERE id = \(bind: UUID(uuidString: run.id)!)").run()
            #expect(try await RunRemeasuring.all(on: server.app.db) == RunRemeasuring.Progress(remeasured: 0, fromStoredTrack: 0, keptAsTheyWere: 1))
            #expect(try await RunRemeasuring.outdated(on: server.app.db) == 0)
            #expect(try await ann.client.getRun(path: .init(runId: run.id)).ok.body.json.distanceMeters == run.distanceMeters)
        }
    }

    @Test("a route's length and its leaderboard's times follow the runs measured again", arguments: TestDatabase.available)
    func routesFollow(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let bo = try await server.newUser("Bo", sharing: .public)
            let annRun = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            let route = try await ann.client.createRoute(body: .json(.init(runId: annRun))).created.body.json
            let boRun = try #require(try await server.upload("gpx/run.gpx", as: bo).json?["id"] as? String)
            _ = try await bo.client.addRouteRun(path: .init(routeId: route.id), body: .json(.init(runId: boRun))).created
            let board = try await bo.client.getLeaderboard(path: .init(routeId: route.id)).ok.body.json.entries
            // What older rules left: another length, another time.
            try await server.app.db.sql.raw("UPDATE runs SET analysis_version = 1").run()
            try await server.app.db.sql.raw("UPDATE routes SET distance_m = 1").run()
            try await server.app.db.sql.raw("UPDATE route_runs SET elapsed_s = 1").run()

            #expect(try await RunRemeasuring.all(on: server.app.db).remeasured == 2)
            let again = try await bo.client.getRoute(path: .init(routeId: route.id)).ok.body.json.route
            #expect(Self.close(again.distanceMeters, route.distanceMeters), "\(again.distanceMeters) m, published at \(route.distanceMeters) m")
            let boardAgain = try await bo.client.getLeaderboard(path: .init(routeId: route.id)).ok.body.json.entries
            #expect(boardAgain.count == board.count && zip(boardAgain, board).allSatisfy { Self.close($0.elapsedSeconds, $1.elapsedSeconds) })
        }
    }

    @Test("a run stored before originals were kept is measured from its stored track, and said so; one with its original from the file",
          arguments: TestDatabase.available)
    func fromStoredTrack(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let older = try await ann.client.uploadRun(body: .json(Self.slowStretch(endingAgo: 3 * 86_400))).created.body.json
            let newer = try await ann.client.uploadRun(body: .json(Self.slowStretch(endingAgo: 86_400))).created.body.json
            try await server.app.db.sql.raw("UPDATE runs SET analysis_version = 1, moving_s = 1").run()
            try await server.app.db.sql.raw("UPDATE runs SET original_id = NULL WHERE id = \(bind: UUID(uuidString: older.id)!)").run()
            #expect(try await RunRemeasuring.all(on: server.app.db) == RunRemeasuring.Progress(remeasured: 2, fromStoredTrack: 1, keptAsTheyWere: 0))
            for run in [older, newer] {
                #expect(Self.close(try await ann.client.getRun(path: .init(runId: run.id)).ok.body.json.movingSeconds, run.movingSeconds))
            }
        }
    }
}
