import Foundation
import PacelineAPI
import PacelineCore
import PacelineTestSupport
import Testing

/// Issue 35, item 3: a privacy zone must not be read back to the home it hides. Three public
/// runs through one 800 m zone (leaving the door, coming back to it, passing 500 m north of
/// it, each along streets with turns) are read by another user through the API: the run,
/// its track, its series and its GPX, TCX and FIT exports. Every attack of `HomeEstimate`
/// on each document places the home at least 150 m from the door. On main, where tracks
/// were cut on the chosen circle itself, the circle through the cut ends found the door
/// within a few metres.
@Suite("Privacy zones against an estimator")
struct ZoneEstimatorTests {
    static let home = Coordinate(latitude: 55.8642, longitude: -4.2518)

    @Test("three public runs through one 800 m zone, read by another user through every document, place the home no closer than 150 m",
          arguments: TestDatabase.available)
    func estimator(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let bo = try await server.newUser("Bo")
            _ = try await ann.client.putPrivacyZones(body: .json(.init(zones: [
                .init(latitude: Self.home.latitude, longitude: Self.home.longitude, radiusMeters: ZoneRuns.radiusMeters)]))).ok
            var runIDs: [String] = []
            for (index, kind) in ZoneRuns.Kind.allCases.enumerated() {
                let track = ZoneRuns.track(kind, home: Self.home, start: Date().addingTimeInterval(-Double(3 - index) * 86_400))
                let fixes = track.fixes.map { fix in
                    Components.Schemas.FixInput(time: fix.time!, latitude: fix.coordinate!.latitude, longitude: fix.coordinate!.longitude,
                                                elevation: fix.elevation, horizontalAccuracy: 5)
                }
                runIDs.append(try await ann.client.uploadRun(body: .json(.init(sport: .run, name: kind.rawValue, fixes: fixes))).created.body.json.id)
            }

            var documents: [String: [HomeEstimate.ShownRun]] = [:]
            for id in runIDs {
                let run = try await bo.client.getRun(path: .init(runId: id)).ok.body.json
                let (track, times) = try await Self.track(of: id, server: server, as: bo)
                // What the clock tells: the run was somewhere hidden before its first point
                // shown, or after its last.
                let startHidden = run.start == nil
                let endHidden = try #require(times.last).addingTimeInterval(10) < (try #require(run.endTime))
                func shown(_ points: [Coordinate], _ offsets: [Double]?) -> HomeEstimate.ShownRun {
                    .init(points: points.map { HomeEstimate.Point($0, from: Self.home) }, offsets: offsets,
                          total: run.distanceMeters, startHidden: startHidden, endHidden: endHidden)
                }
                documents["track", default: []].append(shown(track, nil))
                let series = try #require(try await server.raw(.GET, "/runs/\(id)/series", token: bo.token).json?["points"] as? [[String: Any]])
                documents["series", default: []].append(shown(
                    series.map { Coordinate(latitude: $0["latitude"] as! Double, longitude: $0["longitude"] as! Double) },
                    series.map { $0["distanceMeters"] as! Double }))
                for format in [ActivityFormat.gpx, .tcx, .fit] {
                    let file = try await server.raw(.GET, "/runs/\(id)/export?format=\(format.rawValue)", token: bo.token)
                    #expect(file.status == 200)
                    let fixes = try ActivityReader.readAll(file.body, format: format).flatMap(\.track.fixes).filter { $0.coordinate != nil }
                    let offsets = format == .gpx ? nil : fixes.map { $0.distance ?? 0 }
                    documents[format.rawValue, default: []].append(shown(fixes.map { $0.coordinate! }, offsets))
                }
            }

            #expect(documents.keys.sorted() == ["fit", "gpx", "series", "tcx", "track"])
            #expect(documents.values.allSatisfy { $0.map(\.startHidden) == [true, false, false] && $0.map(\.endHidden) == [false, true, false] },
                    "the first run starts at home, the second ends there, the third passes by")
            for (document, runs) in documents.sorted(by: { $0.key < $1.key }) {
                let estimates = HomeEstimate.estimates(runs)
                #expect(estimates.count >= (runs[0].offsets == nil ? 4 : 5), "\(document): every attack was made")
                for (attack, estimate) in estimates {
                    let distance = estimate.distance(to: HomeEstimate.Point(x: 0, y: 0))
                    print("\(database) \(document), \(attack): \(Int(distance)) m from home")
                    #expect(distance >= 150, "\(document), \(attack): \(Int(distance)) m from home")
                }
            }
        }
    }

    /// The run's track as `viewer` gets it: its positions and their times, lines joined.
    static func track(of id: String, server: TestServer, as viewer: TestUser) async throws -> ([Coordinate], [Date]) {
        let track = try await server.raw(.GET, "/runs/\(id)/track", token: viewer.token)
        let feature = try #require((track.json?["features"] as? [[String: Any]])?.first)
        let lines = try #require((feature["geometry"] as? [String: Any])?["coordinates"] as? [[[Double]]])
        let times = try #require(((feature["properties"] as? [String: Any])?["coordinateProperties"] as? [String: Any])?["times"] as? [[String]])
        let dates = try times.joined().map { text in
            try #require((try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)) ?? (try? Date(text, strategy: .iso8601)))
        }
        return (lines.joined().map { Coordinate(latitude: $0[1], longitude: $0[0]) }, dates)
    }
}
