import Foundation
import PacelineAPI
import PacelineArchives
import PacelineServer
import PacelineTestSupport
import Testing

/// `paceline dem import` stores elevation tiles that phones' uploads then take their
/// heights from; a bad file is refused, and nothing is written (issue 36).
extension UploadCommandTests {
    @Test("paceline dem import checks every tile first, then stores them; a phone's run over them climbs what the ground does")
    func demImport() async throws {
        try await withServer(.sqlite) { server in
            guard case .sqlite(let path) = server.location else { return }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("paceline-dem-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let tile = folder.appendingPathComponent("N55W005.SRTMGL3.hgt.gz")
            try Gzip.compress(ElevationHills.tile()).write(to: tile)
            let cut = folder.appendingPathComponent("N56W005.hgt")
            try Data(count: 1_000).write(to: cut)

            let refused = try PacelineCLI.run(["dem", "import", tile.path, cut.path, "--database", path])
            #expect(refused.status == 65)
            #expect(refused.stderr.contains("N56W005.hgt: N56W005 holds 1000 bytes"), "\(refused.stderr)")
            let ann = try await server.newUser("Ann")
            let unmodelled = try await ann.client.uploadRun(body: .json(ElevationModelUploadFixture.upload(daysAgo: 2))).created.body.json
            // Nothing was written: the run keeps the phone's own fixes, 2 m off each.
            let own = try await ann.client.getRunSeries(path: .init(runId: unmodelled.id)).ok.body.json.series()
            #expect(own.offGround > 1, "\(own.offGround) m")

            let imported = try PacelineCLI.run(["dem", "import", tile.path, "--database", path])
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout.contains("N55W005: 3 arc-seconds, 1201×1201 heights"), "\(imported.stdout)")
            let modelled = try await ann.client.uploadRun(body: .json(ElevationModelUploadFixture.upload(daysAgo: 1))).created.body.json
            #expect(abs(modelled.ascentMeters - 120) <= 6, "\(modelled.ascentMeters) m")
        }
    }
}
