import Foundation
import SQLKit
import PacelineAPI
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// The personal heat map's lines: the owner's activities only, filtered by sport and year,
/// each line within the tolerance of its track, and drawn by the migration for runs stored before.
@Suite("Heat map")
struct HeatMapTests {
    @Test("the owner's activities as lines near their tracks, by sport and year; nobody else's", arguments: TestDatabase.available)
    func lines(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo", sharing: .public)
            let gpx = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)  // 2012
            let recent = try await AchievementTests.upload(ann, meters: 3_000, start: AchievementTests.morning)  // 2026
            let walk = try await ann.client.updateRun(path: .init(runId: recent.id), body: .json(.init(sport: .walk))).ok.body.json
            _ = try await server.upload("gpx/run.gpx", as: bo)

            let all = try await ann.client.getHeatMap().ok.body.json.activities
            #expect(all.map(\.runId) == [walk.id, gpx], "newest first, hers only")
            let file = try ActivityReader.read(try Data(contentsOf: Fixtures.track("gpx/run.gpx")), format: .gpx)
            let drawn = all[1].lines.compactMap(HeatLine.decode).joined()
            #expect(drawn.count > 10 && drawn.count < file.track.fixCount / 2, "\(drawn.count) of \(file.track.fixCount)")
            let positions = file.track.fixes.compactMap(\.coordinate)
            let line = Array(drawn)
            for position in positions {
                let nearest = zip(line, line.dropFirst()).map { Geodesy.projection(of: position, ontoStepFrom: $0, to: $1).meters }.min() ?? .infinity
                #expect(nearest < HeatLine.spacing + HeatLine.tolerance + 1)
            }
            #expect(try await ann.client.getHeatMap(query: .init(sport: .walk)).ok.body.json.activities.map(\.runId) == [walk.id])
            #expect(try await ann.client.getHeatMap(query: .init(year: 2012)).ok.body.json.activities.map(\.runId) == [gpx])
            #expect(try await server.raw(.GET, "/me/heatmap?year=1800", token: ann.token).status == 400)
            #expect(try await server.raw(.GET, "/me/heatmap", token: nil).status == 401)
            #expect(try await bo.client.getHeatMap().ok.body.json.activities.count == 1)

            // Unchanged, it is a 304; an edit or a deletion is a new answer.
            let first = try await server.raw(.GET, "/me/heatmap", token: ann.token)
            let tag = try #require(first.headers.first { $0.0.lowercased() == "etag" }?.1)
            #expect(try await server.raw(.GET, "/me/heatmap", token: ann.token, headers: [("If-None-Match", tag)]).status == 304)
            _ = try await ann.client.updateRun(path: .init(runId: walk.id), body: .json(.init(name: "Renamed walk"))).ok
            let edited = try await server.raw(.GET, "/me/heatmap", token: ann.token, headers: [("If-None-Match", tag)])
            #expect(edited.status == 200)
            let editedTag = try #require(edited.headers.first { $0.0.lowercased() == "etag" }?.1)
            #expect(try await server.raw(.GET, "/me/heatmap?sport=walk", token: ann.token, headers: [("If-None-Match", editedTag)]).status == 200,
                    "each filter has its own tag")

            // A deleted run keeps no path in its row.
            _ = try await ann.client.deleteRun(path: .init(runId: gpx)).noContent
            let row = try await server.app.db.sql.raw("SELECT heat_lines FROM runs WHERE id = \(bind: try #require(UUID(uuidString: gpx)))").first()
            #expect(try row?.decode(column: "heat_lines", as: String?.self) == nil)
            #expect(try await ann.client.getHeatMap().ok.body.json.activities.map(\.runId) == [walk.id])
            #expect(try await server.raw(.GET, "/me/heatmap", token: ann.token, headers: [("If-None-Match", editedTag)]).status == 200,
                    "a deletion is a new answer")
        }
    }

    @Test("runs stored before get their lines drawn by the migration, as an upload draws them", arguments: TestDatabase.available)
    func drawnByMigration(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            _ = try await server.upload("fit/garmin-fenix-5-run.fit", as: ann)
            let uploaded = try await ann.client.getHeatMap().ok.body.json.activities
            try await server.execute("UPDATE runs SET heat_lines = NULL")
            #expect(try await ann.client.getHeatMap().ok.body.json.activities.allSatisfy(\.lines.isEmpty))
            try await AddRunHeatLines.draw(on: server.app.db.sql)
            #expect(try await ann.client.getHeatMap().ok.body.json.activities == uploaded)
        }
    }
}
