import Fluent
import Foundation
import PacelineCore
import PacelineHarness
import PacelineServer
import PacelineSynthetic
import SQLKit

/// The benchmark behind `paceline-bench discovery`: `points` plaques scattered over a
/// 40 × 40 km city (a third within 2 km of its centre), imported with the CLI's own code
/// into a fresh database, then `queries` 1 km map boxes through `PointsOfInterest.inside`
/// and the discoveries of a `fixes`-fix walk through `Discoveries.find` (the upload's code).
public enum DiscoveryBenchmark {
    public struct Report: Sendable {
        public var database: String
        public var importSeconds: Double
        /// Milliseconds per box query, and points per answer.
        public var boxes: BrowseBenchmark.Latencies
        public var discoverySeconds: Double
        public var discovered: Int
        /// The database's plan of the box query.
        public var plan: String
    }

    public static func run(points: Int, queries: Int, fixes: Int, database: DatabaseLocation?, seed: UInt64 = 1) async throws -> Report {
        let location = try ThrowawayDatabase.location(database, for: "discovery")
        do {
            let report = try await measure(points: points, queries: queries, fixes: fixes, location: location, seed: seed)
            await ThrowawayDatabase.remove(location)
            return report
        } catch {
            await ThrowawayDatabase.remove(location)
            throw error
        }
    }

    private static func measure(points: Int, queries: Int, fixes: Int, location: DatabaseLocation, seed: UInt64) async throws -> Report {
        var random = SeededRandom(seed: seed)
        let centre = Coordinate(latitude: 51.5, longitude: -0.12)
        func around(_ metres: Double) -> Coordinate {
            Coordinate(latitude: centre.latitude + Double.random(in: -metres...metres, using: &random) / 111_254,
                       longitude: centre.longitude + Double.random(in: -metres...metres, using: &random) / 69_457)
        }
        let plaques = (0..<points).map { i in
            PointOfInterest(source: "bench", sourceID: String(i), title: "Plaque \(i)", inscription: "Someone lived here",
                            coordinate: around(i % 3 == 0 ? 2_000 : 20_000))
        }
        var fixList: [Fix] = []
        var position = centre, heading = 0.0
        let start = Date(timeIntervalSince1970: 1_750_000_000)
        for i in 0..<fixes {  // a walk at 1.4 m/s, turning a little every second
            heading += Double.random(in: -0.3...0.3, using: &random)
            position = Coordinate(latitude: position.latitude + 1.4 * cos(heading) / 111_254, longitude: position.longitude + 1.4 * sin(heading) / 69_457)
            fixList.append(Fix(time: start.addingTimeInterval(Double(i)), coordinate: position, horizontalAccuracy: 5))
        }
        let walk = Activity(format: .gpx, sport: .walk, track: Track(segments: [fixList]))
        let boxes = (0..<queries).map { _ in BoundingBox(southWestOf: around(2_000)) }

        let importStart = ContinuousClock.now
        _ = try await importPointsOfInterest(plaques, into: location)
        let importSeconds = (ContinuousClock.now - importStart).seconds
        return try await location.withApplication { app in
            let sql = app.db.sql
            if case .postgres = location { try await sql.raw("ANALYZE pois").run() } else { try await sql.raw("ANALYZE").run() }
            var latencies = BrowseBenchmark.Latencies()
            for box in boxes {
                let begin = ContinuousClock.now
                let found = try await PointsOfInterest.inside([box], centre: Coordinate(latitude: (box.south + box.north) / 2, longitude: (box.west + box.east) / 2),
                                                              limit: 200, on: app.db)
                latencies.add(ContinuousClock.now - begin, items: found.count)
            }
            let box = boxes[0]
            let explain = if case .postgres = location { "EXPLAIN" } else { "EXPLAIN QUERY PLAN" }
            let plan = try await sql.raw("""
                \(unsafeRaw: explain) SELECT id FROM pois WHERE latitude BETWEEN \(bind: box.south) AND \(bind: box.north)
                AND longitude BETWEEN \(bind: box.west) AND \(bind: box.east)
                """).all().map { row in
                (try? row.decode(column: "QUERY PLAN", as: String.self)) ?? (try? row.decode(column: "detail", as: String.self)) ?? ""
            }.joined(separator: " | ")
            let discoverStart = ContinuousClock.now
            let found = try await Discoveries.find(in: walk, on: app.db)
            let discoverySeconds = (ContinuousClock.now - discoverStart).seconds
            return Report(database: location.kind, importSeconds: importSeconds, boxes: latencies, discoverySeconds: discoverySeconds,
                          discovered: found.count, plan: plan)
        }
    }
}

private extension BoundingBox {
    /// A box of about 1 km each way (what the walk screen asks for) from `corner`.
    init(southWestOf corner: Coordinate) {
        self.init(south: corner.latitude, west: corner.longitude, north: corner.latitude + 1_000 / 111_254, east: corner.longitude + 1_000 / 69_457)
    }
}

private extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
