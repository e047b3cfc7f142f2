import Foundation
import PacelineAPI
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// Heart rate, cadence and power from a device's file reach the run's page and its series.
@Suite("Sensors")
struct SensorTests {
    @Test("heart rate, cadence and power: averages and maxima on the run, readings along its series, kept in the exports",
          arguments: TestDatabase.available)
    func sensors(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            // An Edge 810 ride with Vector pedals (fitdecode's sample), and a Fenix 5 run.
            for (path, sport, scale) in [("fit/Edge810-Vector-2013-08-16-15-35-10.fit", Components.Schemas.Sport.ride, 1),
                                         ("fit/garmin-fenix-5-run.fit", .run, 2)] {
                let file = try ActivityReader.read(contentsOf: Fixtures.track(path)).track.fixes
                let id = try #require(try await server.upload(path, as: ann).json?["id"] as? String, "\(path)")
                let run = try await ann.client.getRun(path: .init(runId: id)).ok.body.json
                #expect(run.sport == sport)
                let heartRate = try #require(run.heartRate, "\(path)")
                #expect(heartRate.maximum == file.compactMap(\.heartRate).max(), "\(path)")
                #expect((60...200).contains(heartRate.average))
                let cadence = try #require(run.cadence, "\(path)")
                // Strides of one leg on foot are shown as steps per minute: doubled.
                #expect(cadence.maximum == scale * (file.compactMap(\.cadence).max() ?? 0), "\(path)")
                if sport == .ride {
                    let power = try #require(run.power)
                    #expect(power.maximum == file.compactMap(\.power).max() && power.average > 50)
                }
                let points = try await ann.client.getRunSeries(path: .init(runId: id)).ok.body.json.series().points
                let withHeartRate = points.filter { $0.heartRate != nil }
                #expect(withHeartRate.count * 10 >= points.count * 9, "\(path): \(withHeartRate.count) of \(points.count)")
                #expect(withHeartRate.allSatisfy { $0.heartRate! <= heartRate.maximum })
                // The exports keep them.
                let fit = try await server.raw(.GET, "/runs/\(id)/export?format=fit", token: ann.token)
                let exported = try ActivityReader.readAll(fit.body, format: .fit).flatMap(\.track.fixes)
                #expect(exported.compactMap(\.heartRate).max() == heartRate.maximum)
                if sport == .ride { #expect(exported.compactMap(\.power).max() == run.power?.maximum) }
                for format in [ActivityFormat.gpx, .tcx] {
                    let response = try await server.raw(.GET, "/runs/\(id)/export?format=\(format.rawValue)", token: ann.token)
                    let fixes = try ActivityReader.readAll(response.body, format: format).flatMap(\.track.fixes)
                    #expect(fixes.compactMap(\.heartRate).max() == heartRate.maximum, "\(format)")
                    #expect(fixes.compactMap(\.cadence).max().map { $0 * scale } == cadence.maximum, "\(format)")
                    if sport == .ride { #expect(fixes.compactMap(\.power).max() == run.power?.maximum, "\(format) keeps power") }
                }
            }
            // A run with no sensors (a phone's) has none.
            let phone = MissionFiles.northward(from: Coordinate(latitude: 55.87, longitude: -4.26), metres: 1_000, start: Date())
            let plain = try await ann.client.uploadRun(body: .json(phone)).created.body.json.id
            let run = try await ann.client.getRun(path: .init(runId: plain)).ok.body.json
            #expect(run.heartRate == nil && run.cadence == nil && run.power == nil)
        }
    }

    @Test("runs stored before the sensors were kept get them measured by the migration, as an upload measures them",
          arguments: TestDatabase.available)
    func measuredByMigration(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let id = try #require(try await server.upload("fit/garmin-fenix-5-run.fit", as: ann).json?["id"] as? String)
            let uploaded = try await ann.client.getRun(path: .init(runId: id)).ok.body.json
            #expect(uploaded.heartRate != nil && uploaded.cadence != nil)
            // A deleted run keeps its row with an empty track: the migration passes over it.
            let deleted = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            _ = try await ann.client.deleteRun(path: .init(runId: deleted)).noContent
            try await server.execute("UPDATE runs SET sensors = NULL")
            #expect(try await ann.client.getRun(path: .init(runId: id)).ok.body.json.heartRate == nil)
            try await AddRunSensors.measure(on: server.app.db.sql)
            let measured = try await ann.client.getRun(path: .init(runId: id)).ok.body.json
            #expect(measured.heartRate == uploaded.heartRate && measured.cadence == uploaded.cadence && measured.power == uploaded.power)
        }
    }
}
