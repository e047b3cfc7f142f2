import Fluent
import Foundation
import PacelineAPI
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// Pictures fetched into the instance: a mission stage's photo and a plaque's are fetched in
/// the background from a host the data names, kept in the database and served from the
/// instance (long cache, ETag), named in the answers once kept; a picture that fails is
/// tried again a bounded number of times.
@Suite("Pictures served from the instance")
struct PictureServingTests {
    let glasgow = Coordinate(latitude: 55.87, longitude: -4.26)
    /// Fetching every 0.2 s, from the test's own host on 127.0.0.1.
    static let fetching = PictureSettings(fetching: true, interval: 0.2, deadline: 5, testsOnlyLoopbackOverHTTP: true)

    /// One route of 1 km due north of Glasgow, its first stage (400 m) with `photo`.
    func mission(photo: String) -> Mission {
        let path = MissionPath([glasgow, MissionFiles.north(of: glasgow, metres: 1_000)])
        return Mission(id: "pictured", name: "Pictured", summary: "A stage with a photo.", routes: [
            MissionRoute(name: "A", path: path, stages: [
                MissionStage(name: "Fountain", start: 0, end: 400, photo: StagePhoto(url: photo, attribution: "Test, CC0")),
                MissionStage(name: "Gate", start: 400, end: path.length)],
                         medals: MedalThresholds(gold: 86_400, silver: 2 * 86_400, bronze: 3 * 86_400)),
        ])
    }

    /// Waits up to 10 s for `read` to give a value.
    func eventually<T>(_ read: () async throws -> T?) async throws -> T? {
        for _ in 0..<100 {
            if let value = try await read() { return value }
            try await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }

    @Test("a completed stage's photo is served from the instance once the fetcher has kept it", arguments: TestDatabase.available)
    func stagePicture(database: TestDatabase) async throws {
        try await TestPictureHost.with { host in
            try await withServer(database, pictures: Self.fetching) { server in
                // The mission file names https; the tests-only mode fetches it over http from 127.0.0.1.
                _ = try await importMissions([mission(photo: "https://127.0.0.1:\(host.port)/picture.png")], into: server.location)
                let ann = try await server.newUser("Ann")
                _ = try await ann.client.joinMission(path: .init(missionId: "pictured"), body: .json(.init(
                    start: .init(route: 0, stage: 0), end: .init(route: 0, stage: 1)))).created
                let fixes = MissionFiles.northward(from: glasgow, metres: 500, start: Date().addingTimeInterval(10))
                _ = try await ann.client.uploadRun(headers: .init(), body: .json(fixes)).created
                let picture = try #require(try await eventually {
                    try await ann.client.getJourney(path: .init(missionId: "pictured")).ok.body.json.completedStages.first?.photo?.pictureUrl
                }, "the stage's picture was not kept within 10 s")
                #expect(picture.hasPrefix("/api/v1/pictures/"))
                let served = try await server.raw(.GET, String(picture.dropFirst("/api/v1".count)))
                #expect(served.status == 200 && served.body == TestPictureHost.png)
                let headers = Dictionary(served.headers.map { ($0.0.lowercased(), $0.1) }, uniquingKeysWith: { $1 })
                #expect(headers["content-type"] == "image/png")
                #expect(headers["cache-control"] == "public, max-age=31536000, immutable")
                let tag = try #require(headers["etag"])
                #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""))
                let again = try await server.raw(.GET, String(picture.dropFirst("/api/v1".count)), headers: [("If-None-Match", tag)])
                #expect(again.status == 304 && again.body.isEmpty)
                // Fetched once, kept: later rounds ask the host nothing.
                try await Task.sleep(for: .milliseconds(600))
                #expect(host.requests(to: "picture.png") == 1)
                let kept = try #require(try await Picture.query(on: server.app.db).first())
                #expect(kept.state == .fetched && kept.attempts == 1 && kept.bytes == TestPictureHost.png)
                // An id that is no picture is a 404 in the API's error shape.
                let missing = try await server.raw(.GET, "/pictures/\(UUID().uuidString)")
                #expect(missing.status == 404 && missing.errorCode == "not_found")
            }
        }
    }

    @Test("a plaque's credited photo is served from the instance, with its credit; one without a credit stays a link and is never fetched",
          arguments: TestDatabase.available)
    func plaquePicture(database: TestDatabase) async throws {
        try await TestPictureHost.with { host in
            try await withServer(database, pictures: Self.fetching) { server in
                let point = PointOfInterest(source: "openplaques", sourceID: "121", title: "Charles Barry plaque", inscription: nil,
                                            coordinate: Coordinate(latitude: 51.46206, longitude: -0.14572), subjects: [],
                                            erectedYear: 1950, photoURL: "http://127.0.0.1:\(host.port)/picture.jpg",
                                            photoCredit: "Jane Doe, CC BY-SA 2.0")
                let uncredited = PointOfInterest(source: "openplaques", sourceID: "122", title: "Uncredited plaque", inscription: nil,
                                                 coordinate: Coordinate(latitude: 51.46306, longitude: -0.14572), subjects: [],
                                                 erectedYear: 1950, photoURL: "http://127.0.0.1:\(host.port)/other.jpg")
                _ = try await importPointsOfInterest([point, uncredited], into: server.location)
                let id = try #require(try await PointOfInterestRow.query(on: server.app.db).filter(\.$sourceID == "121").first()?.requireID())
                let detail = try #require(try await eventually { () -> Components.Schemas.PointOfInterestDetail? in
                    let detail = try await server.client().getPointOfInterest(path: .init(poiId: id.uuidString)).ok.body.json
                    return detail.pictureUrl == nil ? nil : detail
                }, "the plaque's picture was not kept within 10 s")
                #expect(detail.photoUrl == point.photoURL && detail.photoCredit == "Jane Doe, CC BY-SA 2.0")
                // Only the credited photo was ever asked for.
                #expect(try await Picture.query(on: server.app.db).all(\.$url) == [try #require(point.photoURL)])
                let other = try #require(try await PointOfInterestRow.query(on: server.app.db).filter(\.$sourceID == "122").first()?.requireID())
                let otherDetail = try await server.client().getPointOfInterest(path: .init(poiId: other.uuidString)).ok.body.json
                #expect(otherDetail.photoUrl == uncredited.photoURL && otherDetail.pictureUrl == nil && otherDetail.photoCredit == nil)
                let served = try await server.raw(.GET, String(try #require(detail.pictureUrl).dropFirst("/api/v1".count)))
                #expect(served.status == 200 && served.body == TestPictureHost.jpeg)
            }
        }
    }

    @Test("a picture that fails waits longer each time and is given up after 5 attempts; one claimed is not claimed twice",
          arguments: TestDatabase.available)
    func retries(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let db = server.app.db
            let start = Date()
            try await Pictures.register(["https://pictures.example/a.jpg", "https://pictures.example/a.jpg", "javascript:alert(1)"],
                                        on: db, now: start)
            #expect(try await Picture.query(on: db).count() == 1)
            var now = start
            for attempt in 1...Pictures.maximumAttempts {
                let claimed = try await Pictures.claim(4, now: now, on: db)
                #expect(claimed.map(\.attempts) == [attempt])
                #expect(try await Pictures.claim(4, now: now, on: db).isEmpty, "claimed twice")
                try await Pictures.failed(claimed[0].id, attempts: attempt, because: .timedOut, now: now, on: db)
                let row = try #require(try await Picture.query(on: db).first())
                #expect(row.state == (attempt < Pictures.maximumAttempts ? .waiting : .failed))
                #expect(try await Pictures.claim(4, now: now.addingTimeInterval(Pictures.retryDelay(after: attempt) - 1), on: db).isEmpty)
                now = now.addingTimeInterval(Pictures.retryDelay(after: attempt))
            }
            #expect(try await Pictures.claim(4, now: now.addingTimeInterval(86_400 * 365), on: db).isEmpty)
            // A refusal that will not change is given up at once.
            try await Pictures.register(["https://pictures.example/b.html"], on: db, now: start)
            let claimed = try await Pictures.claim(4, now: start, on: db)
            try await Pictures.failed(claimed[0].id, attempts: 1, because: .notAnImage, now: start, on: db)
            #expect(try await Picture.query(on: db).filter(\.$url == "https://pictures.example/b.html").first()?.state == .failed)
        }
    }
}
