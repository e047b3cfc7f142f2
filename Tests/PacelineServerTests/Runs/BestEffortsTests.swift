import Foundation
import PacelineAPI
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import SQLKit
import Testing

/// A run's best efforts (GET /runs/{id}/best-efforts) and the records they make
/// (GET /me/records): 400 m to the marathon, per sport; a run's owner sees which of its
/// efforts are records, nobody else does.
@Suite("Best efforts and records")
struct BestEffortsTests {
    /// `metres` north from Glasgow Green at `speed` m/s, a fix a second, starting `daysAgo` days ago.
    static func steadyRun(metres: Double, speed: Double, daysAgo: Double) -> Components.Schemas.FixUpload {
        var builder = SyntheticTrack(origin: LiveRace.origin)
        builder.legs = [(east: 0, north: metres)]
        builder.speed = speed
        builder.start = Date().addingTimeInterval(-daysAgo * 86_400)
        let fixes = builder.build().track.fixes.map { fix in
            Components.Schemas.FixInput(time: fix.time!, latitude: fix.coordinate!.latitude, longitude: fix.coordinate!.longitude,
                                        horizontalAccuracy: 5)
        }
        return .init(sport: .run, fixes: fixes)
    }

    @Test("at a steady pace each effort takes distance / speed; the owner sees which are records, another runner does not",
          arguments: TestDatabase.available)
    func effortsAndRecords(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public), bo = try await server.newUser("Bo")
            // 2 km at 4 m/s, then, a day later, 1.2 km at 5 m/s.
            let first = try await ann.client.uploadRun(body: .json(Self.steadyRun(metres: 2_000, speed: 4, daysAgo: 2))).created.body.json
            let second = try await ann.client.uploadRun(body: .json(Self.steadyRun(metres: 1_200, speed: 5, daysAgo: 1))).created.body.json

            let efforts = try await ann.client.getRunBestEfforts(path: .init(runId: first.id)).ok.body.json
            #expect(efforts.efforts.map(\.name) == ["400 m", "1 km", "1 mile"], "2 km: no 5 km")
            for (effort, meters) in zip(efforts.efforts, [400.0, 1_000, 1_609.344]) {
                #expect(effort.distanceMeters == meters)
                #expect(abs(effort.seconds - meters / 4) < 2, "\(effort.name): \(effort.seconds) s")
                #expect(abs(effort.paceSecondsPerKilometer - effort.seconds / (meters / 1_000)) < 1e-9)
            }
            // The faster second run holds the 400 m and 1 km records; the mile is the first's alone.
            #expect(efforts.efforts.map(\.personalRecord) == [false, false, true])
            let faster = try await ann.client.getRunBestEfforts(path: .init(runId: second.id)).ok.body.json
            #expect(faster.efforts.map(\.name) == ["400 m", "1 km"])
            #expect(faster.efforts.map(\.personalRecord) == [true, true])

            // Another runner sees the public run's efforts, and no word of Ann's other runs.
            let seen = try await bo.client.getRunBestEfforts(path: .init(runId: first.id)).ok.body.json
            #expect(seen.efforts.map(\.seconds) == efforts.efforts.map(\.seconds))
            #expect(seen.efforts.allSatisfy { $0.personalRecord == nil })

            let records = try await ann.client.getRecords().ok.body.json.records
            #expect(records.map(\.name) == ["400 m", "1 km", "1 mile"])
            #expect(records.map(\.runId) == [second.id, second.id, first.id])
            #expect(records.allSatisfy { $0.sport == .run })
            #expect(try await ann.client.getRecords(query: .init(sport: .ride)).ok.body.json.records.isEmpty)
            #expect(try await ann.client.getStatistics().ok.body.json.records == records)
        }
    }

    @Test("a private run's efforts are 404 to others, as the run is; records need a token", arguments: TestDatabase.available)
    func privateRun(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann"), bo = try await server.newUser("Bo")
            let run = try await ann.client.uploadRun(body: .json(Self.steadyRun(metres: 500, speed: 3, daysAgo: 1))).created.body.json
            #expect(try await server.raw(.GET, "/runs/\(run.id)/best-efforts", token: bo.token).status == 404)
            #expect(try await server.raw(.GET, "/runs/\(run.id)/best-efforts").status == 404)
            #expect(try await server.raw(.GET, "/me/records").status == 401)
            #expect(try await ann.client.getRunBestEfforts(path: .init(runId: run.id)).ok.body.json.efforts.map(\.name) == ["400 m"])
        }
    }

    @Test("migration 019 adds each stored run's 400 m and mile, and leaves its other efforts as they were",
          arguments: TestDatabase.available)
    func migration(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let run = try await ann.client.uploadRun(body: .json(Self.steadyRun(metres: 2_000, speed: 4, daysAgo: 1))).created.body.json
            let measured = try await ann.client.getRunBestEfforts(path: .init(runId: run.id)).ok.body.json.efforts
            // As stored before: the 1 km alone (as an older measure gave it).
            let sql = try #require(server.app.db as? any SQLDatabase)
            try await sql.update("runs").set("best_efforts", to: #"[{"distanceMeters":1000,"seconds":260}]"#)
                .where("id", .equal, UUID(uuidString: run.id)!).run()
            #expect(try await ann.client.getRunBestEfforts(path: .init(runId: run.id)).ok.body.json.efforts.map(\.name) == ["1 km"])
            try await MeasureShortBestEfforts().prepare(on: server.app.db)
            let after = try await ann.client.getRunBestEfforts(path: .init(runId: run.id)).ok.body.json.efforts
            #expect(after.map(\.name) == ["400 m", "1 km", "1 mile"])
            #expect(after[1].seconds == 260, "the 1 km stays as it was")
            // From the stored track, whose positions are kept to a centimetre: the same to a hundredth of a second.
            for index in [0, 2] { #expect(abs(after[index].seconds - measured[index].seconds) < 0.01, "\(after[index].name)") }
        }
    }
}

/// A slow stretch read as a stop (issue 35): 200 s at 2.5 m/s, 1,500 s at 0.5 m/s and
/// 300 s at 2.5 m/s, a fix a second on a straight line. Before, the slow stretch's 750 m
/// landed in the one second where moving resumed: a 400 m of 0.54 s, a 1 km of 106 s, a
/// maximum speed of 150 m/s and three new records.
@Suite("A slow stretch makes no record")
struct SlowStretchUploadTests {
    @Test("the issue's JSON upload: no effort, split or maximum speed faster than 2.5 m/s, and no record faster than that",
          arguments: TestDatabase.available)
    func slowStretch(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let start = Date().addingTimeInterval(-86_400)
            var north = 0.0, second = 0
            var fixes = [Components.Schemas.FixInput(time: start, latitude: 46, longitude: 14)]
            for (speed, seconds) in [(2.5, 200), (0.5, 1_500), (2.5, 300)] {
                for _ in 0..<seconds {
                    north += speed
                    second += 1
                    fixes.append(.init(time: start.addingTimeInterval(Double(second)), latitude: 46 + north / 111_195, longitude: 14))
                }
            }
            #expect(fixes.count == 2_001)
            let run = try await ann.client.uploadRun(body: .json(.init(sport: .run, fixes: fixes))).created.body.json
            #expect(abs(run.distanceMeters - 2_000) < 10 && run.creditedDistanceMeters == run.distanceMeters)
            #expect(try #require(run.maxSpeedMetersPerSecond) < 2.6)
            for split in run.splits.dropLast() { #expect(1_000 / split.seconds <= 2.55, "\(split)") }  // the last may be short
            let efforts = try await ann.client.getRunBestEfforts(path: .init(runId: run.id)).ok.body.json.efforts
            #expect(efforts.map(\.name) == ["400 m", "1 km", "1 mile"])
            for effort in efforts { #expect(effort.distanceMeters / effort.seconds <= 2.55, "\(effort.name): \(effort.seconds) s") }
            let records = try await ann.client.getRecords().ok.body.json.records
            #expect(records.count == 3)
            for record in records { #expect(record.distanceMeters / record.elapsedSeconds <= 2.55, "\(record.name): \(record.elapsedSeconds) s") }
        }
    }
}
