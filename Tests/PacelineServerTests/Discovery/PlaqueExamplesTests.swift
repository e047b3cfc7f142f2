import Fluent
import Foundation
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// The shipped plaques (`data/plaques/`, Open Plaques' London): a new instance serves them,
/// imported once: not again on a restart (a second instance on the database), not over
/// what an operator imported, and a file that can't be read is skipped.
@Suite("Shipped plaques")
struct PlaqueExamplesTests {
    /// This repository's `data/plaques`.
    static let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("data/plaques").path

    @Test("a new instance serves the shipped plaques near a London point, imported once", arguments: TestDatabase.available)
    func shipped(database: TestDatabase) async throws {
        try await withServer(database, plaques: Self.shipped) { server in
            #expect(try await PointOfInterestRow.query(on: server.app.db).count() == 2_612)
            // Sir Charles Barry's plaque at Clapham (Open Plaques 121), within a box of about 200 m.
            let near = try await server.client().listPointsOfInterest(query: .init(south: 51.4612, west: -0.1472, north: 51.4630, east: -0.1442))
                .ok.body.json.points
            let barry = try #require(near.first { $0.title == "Charles Barry plaque" }, "\(near.map(\.title))")
            let detail = try await server.client().getPointOfInterest(path: .init(poiId: barry.id)).ok.body.json
            #expect(detail.source == "openplaques" && detail.sourceId == "121" && detail.erectedYear == 1950)
            #expect(detail.inscription == "Sir Charles Barry 1795-1860 architect lived and died here")
            #expect(detail.subjects.first?.wikipediaUrl == "https://en.wikipedia.org/wiki/Charles_Barry")
            #expect(detail.photoUrl == "http://farm9.staticflickr.com/8793/17090489770_6c2513c59c_z.jpg")
            // The data names no photographer or licence: no photo is copied, each stays a link.
            #expect(detail.photoCredit == nil && detail.pictureUrl == nil)
            #expect(try await Picture.query(on: server.app.db).count() == 0)
            let written = try await PointOfInterestRow.query(on: server.app.db).max(\.$updatedAt)

            // A restart (another instance on the same database) imports nothing again.
            try await withServer(database, plaques: Self.shipped, sharing: server) { again in
                let count = try await PointOfInterestRow.query(on: again.app.db).count()
                let latest = try await PointOfInterestRow.query(on: again.app.db).max(\.$updatedAt)
                #expect(count == 2_612 && latest == written)
            }
        }
    }

    @Test("an instance whose operator imported points of interest gets none of the shipped ones", arguments: TestDatabase.available)
    func notOverAnImport(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let own = PointOfInterest(source: "club", sourceID: "1", title: "Our clubhouse", coordinate: Coordinate(latitude: 55.86, longitude: -4.25))
            _ = try await importPointsOfInterest([own], into: server.location)
            try await withServer(database, plaques: Self.shipped, sharing: server) { again in
                let titles = try await PointOfInterestRow.query(on: again.app.db).all(\.$title)
                #expect(titles == ["Our clubhouse"])
            }
        }
    }

    @Test("a data file that can't be read is skipped; the others are imported and the server starts")
    func unreadableSkipped() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plaques-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("name,where\nnot,plaques\n".utf8).write(to: folder.appendingPathComponent("a-broken.csv"))
        try Data([0x1f, 0x8b, 0x08, 0x00, 0x01]).write(to: folder.appendingPathComponent("b-truncated.csv.gz"))
        try Data("id,title,latitude,longitude\n7,Kept plaque,51.5,-0.12\n".utf8).write(to: folder.appendingPathComponent("c-good.csv"))
        try Data("not data".utf8).write(to: folder.appendingPathComponent("README.txt"))
        try await withServer(plaques: folder.path) { server in
            let titles = try await PointOfInterestRow.query(on: server.app.db).all(\.$title)
            #expect(titles == ["Kept plaque"])
        }
    }
}
