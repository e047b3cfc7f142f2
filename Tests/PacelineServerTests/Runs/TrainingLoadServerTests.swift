import Foundation
import PacelineAPI
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// Each activity's training load, as the core measures it, on the activity, added up in
/// the weekly statistics, and measured by the migration for runs stored before.
@Suite("Training load on the server")
struct TrainingLoadServerTests {
    @Test("a run with heart rate has its TRIMP from it, one without from its pace; a ride without none; the weeks add them up",
          arguments: TestDatabase.available)
    func loads(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let strap = try #require(try await server.upload("fit/garmin-fenix-5-run.fit", as: ann).json?["id"] as? String)
            let run = try await ann.client.getRun(path: .init(runId: strap)).ok.body.json
            let load = try #require(run.trainingLoad)
            #expect(load.source == .heartRate && load.value > 0, "\(load)")
            // The core's figure for the file, as read and screened like any upload.
            let file = try ActivityReader.read(try Data(contentsOf: Fixtures.track("fit/garmin-fenix-5-run.fit")), format: .fit)
            let (screened, _) = FixLimits(now: Date()).screen(file.track)
            #expect(abs(load.value - TrainingLoad.of(screened, sport: .run)!.value) < 1e-6)

            let paced = try await AchievementTests.upload(ann, meters: 3_000, start: Date().addingTimeInterval(-7_200))
            #expect(paced.trainingLoad?.source == .pace && (paced.trainingLoad?.value ?? 0) > 0)
            let ride = try await ann.client.updateRun(path: .init(runId: paced.id), body: .json(.init(sport: .ride))).ok.body.json
            #expect(ride.trainingLoad == nil, "a ride's pace says too little of its effort")
            let walk = try await ann.client.updateRun(path: .init(runId: paced.id), body: .json(.init(sport: .walk))).ok.body.json
            #expect((walk.trainingLoad?.value ?? 0) < paced.trainingLoad!.value, "walking costs less than running at the same speed")

            let weeks = try await ann.client.getStatistics().ok.body.json.weekly
            let thisWeek = try #require(weeks.first)
            #expect(abs(thisWeek.trainingLoad - (walk.trainingLoad?.value ?? 0)) < 1e-9)
            let all = weeks.reduce(0) { $0 + $1.trainingLoad }
            #expect(abs(all - load.value - (walk.trainingLoad?.value ?? 0)) < 1e-6)
        }
    }

    @Test("runs stored before training load was kept get it measured by the migration, as an upload measures it",
          arguments: TestDatabase.available)
    func measuredByMigration(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let id = try #require(try await server.upload("fit/garmin-fenix-5-run.fit", as: ann).json?["id"] as? String)
            let uploaded = try #require(try await ann.client.getRun(path: .init(runId: id)).ok.body.json.trainingLoad)
            let deleted = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            _ = try await ann.client.deleteRun(path: .init(runId: deleted)).noContent
            try await server.execute("UPDATE runs SET training_load = NULL, training_load_source = NULL")
            #expect(try await ann.client.getRun(path: .init(runId: id)).ok.body.json.trainingLoad == nil)
            try await AddRunTrainingLoad.measure(on: server.app.db.sql)
            #expect(try await ann.client.getRun(path: .init(runId: id)).ok.body.json.trainingLoad == uploaded)
        }
    }
}
