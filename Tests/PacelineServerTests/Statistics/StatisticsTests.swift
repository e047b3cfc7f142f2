import Foundation
import PacelineAPI
import PacelineTestSupport
import Testing

@Suite("Statistics")
struct StatisticsTests {
    @Test("totals, averages, periods and records add up to the runs", arguments: TestDatabase.available)
    func addsUp(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let empty = try await ann.client.getStatistics().ok.body.json
            #expect(empty.runs == 0 && empty.distanceMeters == 0 && empty.records.isEmpty && empty.averagePaceSecondsPerKilometer == nil)

            var runs: [Components.Schemas.Run] = []
            for path in ["gpx/run.gpx", "tcx/garmin_connect.tcx", "fit/garmin-fenix-5-run.fit", "gpx/garmin-activity.gpx"] {
                let response = try await server.upload(path, as: ann)
                #expect(response.status == 201, "\(path)")
                let id = try #require(response.json?["id"] as? String)
                runs.append(try await ann.client.getRun(path: .init(runId: id)).ok.body.json)
            }
            let stats = try await ann.client.getStatistics().ok.body.json
            let distance = runs.reduce(0) { $0 + $1.distanceMeters }
            let moving = runs.reduce(0) { $0 + $1.movingSeconds }
            #expect(stats.runs == runs.count)
            #expect(abs(stats.distanceMeters - distance) < 1e-6)
            #expect(abs(stats.movingSeconds - moving) < 1e-6)
            #expect(abs(stats.averageDistanceMeters - distance / Double(runs.count)) < 1e-6)
            #expect(abs((stats.averagePaceSecondsPerKilometer ?? 0) - moving / (distance / 1000)) < 1e-6)
            #expect(stats.weekly.reduce(0) { $0 + $1.runs } == runs.count)
            #expect(stats.monthly.reduce(0) { $0 + $1.runs } == runs.count)
            #expect(abs(stats.monthly.reduce(0) { $0 + $1.distanceMeters } - distance) < 1e-6)
            #expect(stats.weekly.map(\.start) == stats.weekly.map(\.start).sorted(by: >))

            // The 1 km record is the fastest kilometre of any run, and never faster than
            // the best kilometre split.
            let oneK = try #require(stats.records.first { $0.distanceMeters == 1000 })
            let bestSplit = runs.flatMap { $0.splits.dropLast() }.map(\.seconds).min() ?? .infinity  // whole kilometres
            #expect(oneK.elapsedSeconds <= bestSplit + 0.5)
            #expect(runs.contains { $0.id == oneK.runId })
            #expect(!stats.records.contains { $0.distanceMeters > (runs.map(\.distanceMeters).max() ?? 0) })

            // Another user's runs never count.
            let bo = try await server.newUser("Bo")
            #expect(try await bo.client.getStatistics().ok.body.json.runs == 0)
        }
    }
}
