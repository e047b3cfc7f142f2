import Fluent
import Foundation
import PacelineCore
import PacelineHarness
import PacelineServer
import PacelineSynthetic
import SQLKit

/// The benchmark behind `paceline-bench segments`: `segments` segments in a fresh
/// database, `onRun` of them stretches of one long run (200 m to 5 km), a third of the
/// rest straight lines in the run's city (40 × 40 km) and the others anywhere on Earth;
/// then the run (`fixes` fixes, one a second at 3 m/s, turning gently) matched against
/// them `queries` times as an upload matches it (`SegmentMatching.candidates` and
/// `SegmentMatcher`), without storing the efforts.
public enum SegmentBenchmark {
    public struct Report: Sendable {
        public var database: String
        public var insertSeconds: Double
        /// Milliseconds per match of the whole run: the lookup, reading the candidates' ways, matching them.
        public var matches: BrowseBenchmark.Latencies
        /// Milliseconds per lookup and read alone.
        public var lookups: BrowseBenchmark.Latencies
        /// Milliseconds to make the run's checkpoints (which the upload makes anyway).
        public var checkpointsMilliseconds: Double
        public var candidates: Int
        public var efforts: Int
        public var plan: String
    }

    public static func run(segments: Int, onRun: Int, fixes: Int, queries: Int, database: DatabaseLocation?, seed: UInt64 = 1) async throws -> Report {
        let location = try ThrowawayDatabase.location(database, for: "segments")
        do {
            let report = try await measure(segments: segments, onRun: onRun, fixes: fixes, queries: queries, location: location, seed: seed)
            await ThrowawayDatabase.remove(location)
            return report
        } catch {
            await ThrowawayDatabase.remove(location)
            throw error
        }
    }

    private static func measure(segments: Int, onRun: Int, fixes: Int, queries: Int, location: DatabaseLocation, seed: UInt64) async throws -> Report {
        var random = SeededRandom(seed: seed)
        let centre = Coordinate(latitude: 51.5, longitude: -0.12)
        var fixList: [Fix] = []
        var position = centre, heading = 0.0
        let start = Date(timeIntervalSince1970: 1_750_000_000)
        for i in 0..<fixes {
            heading += Double.random(in: -0.05...0.05, using: &random)
            position = Coordinate(latitude: position.latitude + 3 * cos(heading) / 111_254,
                                  longitude: position.longitude + 3 * sin(heading) / 69_457)
            fixList.append(Fix(time: start.addingTimeInterval(Double(i)), coordinate: position, horizontalAccuracy: 5))
        }
        let run = Activity(format: .gpx, sport: .run, track: Track(segments: [fixList]))
        let checkpointsStart = ContinuousClock.now
        let checkpoints = try Normalization.checkpoints(of: run)
        let checkpointsMilliseconds = (ContinuousClock.now - checkpointsStart).milliseconds

        var paths: [SegmentPath] = []
        paths.reserveCapacity(segments)
        let runLength = checkpoints[checkpoints.count - 1].distance
        for _ in 0..<min(onRun, segments) {
            let length = Double.random(in: 200...5_000, using: &random)
            let from = Double.random(in: 0...(runLength - length), using: &random)
            paths.append(try SegmentPath(stretchOf: checkpoints, from: from, to: from + length))
        }
        while paths.count < segments {
            let inCity = paths.count % 3 == 0
            let origin = inCity
                ? Coordinate(latitude: centre.latitude + .random(in: -0.18...0.18, using: &random),
                             longitude: centre.longitude + .random(in: -0.29...0.29, using: &random))
                : Coordinate(latitude: .random(in: -45...62, using: &random), longitude: .random(in: -180..<180, using: &random))
            paths.append(try straight(from: origin, metres: .random(in: 200...3_000, using: &random),
                                      heading: .random(in: 0..<(2 * .pi), using: &random)))
        }

        return try await location.withApplication { app in
            let sql = app.db.sql
            let owner = User(email: "segments@bench.paceline.invalid", passwordHash: "-", displayName: "Segment maker")
            try await owner.create(on: app.db)
            let ownerID = try owner.requireID()
            let insertStart = ContinuousClock.now
            for batch in stride(from: 0, to: paths.count, by: 500) {
                let rows = paths[batch..<min(paths.count, batch + 500)].map { path -> SQLQueryString in
                    """
                    (\(bind: UUID()), \(bind: ownerID), 'Segment', 'run', 'public', \(bind: path.length),
                     \(bind: path.start.latitude), \(bind: path.start.longitude), \(bind: path.end.latitude), \(bind: path.end.longitude),
                     \(bind: SegmentCell.key(of: path.start)), \(bind: SegmentCell.key(of: path.end)), \(bind: HeatLine.encode(path.points)))
                    """
                }
                try await sql.raw("""
                    INSERT INTO segments (id, owner_id, name, sport, privacy, distance_m, start_lat, start_lon, end_lat, end_lon,
                                          start_cell, end_cell, points)
                    VALUES \(SQLList(rows, separator: SQLRaw(", ")))
                    """).run()
            }
            let insertSeconds = (ContinuousClock.now - insertStart).milliseconds / 1000
            if case .postgres = location { try await sql.raw("ANALYZE segments").run() } else { try await sql.raw("ANALYZE").run() }

            var matches = BrowseBenchmark.Latencies(), lookups = BrowseBenchmark.Latencies()
            var candidates = 0, efforts = 0
            for round in 0..<(queries + 3) {
                let begin = ContinuousClock.now
                let matcher = SegmentMatcher(run: checkpoints)
                let found = try await SegmentMatching.candidates(near: matcher.cellKeys, sport: .run, seenBy: ownerID, on: app.db)
                let looked = ContinuousClock.now
                let matched = found.reduce(0) { $0 + matcher.efforts(along: $1.points).count }
                guard round >= 3 else { continue }  // warm-up
                lookups.add(looked - begin, items: found.count)
                matches.add(ContinuousClock.now - begin, items: matched)
                (candidates, efforts) = (found.count, matched)
            }
            let keys = SegmentMatcher(run: checkpoints).cellKeys.sorted().prefix(3).map(String.init).joined(separator: ",")
            let explain = if case .postgres = location { "EXPLAIN" } else { "EXPLAIN QUERY PLAN" }
            let plan = try await sql.raw("""
                \(unsafeRaw: explain) SELECT id, points FROM segments
                WHERE start_cell IN (\(unsafeRaw: keys)) AND end_cell IN (\(unsafeRaw: keys)) AND sport = 'run'
                """).all().map { row in
                (try? row.decode(column: "QUERY PLAN", as: String.self)) ?? (try? row.decode(column: "detail", as: String.self)) ?? ""
            }.joined(separator: " | ")
            return Report(database: location.kind, insertSeconds: insertSeconds, matches: matches, lookups: lookups,
                          checkpointsMilliseconds: checkpointsMilliseconds, candidates: candidates, efforts: efforts, plan: plan)
        }
    }

    /// A straight segment of `metres` from `origin` on `heading` (radians from north), a point every 20 m.
    private static func straight(from origin: Coordinate, metres: Double, heading: Double) throws -> SegmentPath {
        let steps = Int(metres / Normalization.spacing)
        let perDegreeEast = 111_320 * cos(origin.latitude * .pi / 180)
        return try SegmentPath(points: (0...steps).map { step in
            let along = Double(step) * Normalization.spacing
            return Coordinate(latitude: origin.latitude + along * cos(heading) / 111_132,
                              longitude: origin.longitude + along * sin(heading) / perDegreeEast)
        })
    }
}

private extension Duration {
    var milliseconds: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15 }
}
