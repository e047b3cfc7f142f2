import Foundation
import PacelineAPI
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// A phone's upload takes the imported elevation model's heights (`ElevationTiles`; issue 36).
@Suite("Uploads take the elevation model's heights")
struct ElevationModelUploadTests {
    @Test("a phone's run over three 40 m hills climbs 120 m on the ground's heights once the tile is imported",
          arguments: TestDatabase.available)
    func upload(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let before = try await ann.client.uploadRun(body: .json(ElevationModelUploadFixture.upload(daysAgo: 2))).created.body.json
            let bytes = ElevationHills.tile()
            try await ElevationTiles.store(try ElevationTile(name: ElevationHills.tileName, bytes: bytes), bytes: bytes, on: server.app.db)
            let after = try await ann.client.uploadRun(body: .json(ElevationModelUploadFixture.upload(daysAgo: 1))).created.body.json
            #expect(abs(after.ascentMeters - 120) <= 6, "with the model: \(after.ascentMeters) m; the phone's own: \(before.ascentMeters) m")
            #expect(after.distanceMeters == before.distanceMeters)
            // Its elevation series is the ground's: the first hill's top at 140 m.
            let series = try await ann.client.getRunSeries(path: .init(runId: after.id)).ok.body.json.series()
            let highest = try #require(series.points.compactMap(\.elevationMeters).max())
            #expect(abs(highest - 140) < 1, "\(highest) m")
            // The ground's heights, where before the tile the run kept the phone's own, 2 m off each.
            #expect(series.offGround < 0.5, "\(series.offGround) m")
            let own = try await ann.client.getRunSeries(path: .init(runId: before.id)).ok.body.json.series()
            #expect(own.offGround > 1, "\(own.offGround) m")
        }
    }
}
