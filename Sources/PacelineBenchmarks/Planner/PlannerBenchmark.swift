import Foundation
import PacelineCore
import PacelineHarness
import PacelineServer
import PacelineSynthetic

/// The route planner on a map: an extract imported into a database as `paceline map
/// import` does, its graph read back as a server reads it, then legs planned from random
/// places on the ways to places up to `longest` metres away in random directions, each
/// timed as the server plans it (snapped, on foot).
public enum PlannerBenchmark {
    public struct Report: Sendable {
        public var database: String
        public var importSeconds: Double
        public var junctions: Int
        public var stretches: Int
        public var loadSeconds: Double
        /// Milliseconds per leg planned.
        public var legs: LatencyHistogram
        /// Legs refused: no way within the detour allowed (`RoutingProblem.noWay`).
        public var noWay: Int
        /// Metres of the legs planned, in all.
        public var metres: Double
    }

    public static func run(extract: URL, legs count: Int, longest: Double, database requested: DatabaseLocation?,
                           imported: () -> Void = {}) async throws -> Report {
        let location = try ThrowawayDatabase.location(requested, for: "planner")
        defer { Task { await ThrowawayDatabase.remove(location) } }
        return try await location.withApplication { app in
            let started = Date()
            let outcome = try await MapImporter.run(extract, on: app.db)
            let importSeconds = Date().timeIntervalSince(started)
            imported()
            let loading = Date()
            guard let (_, graph) = try await MapGraphs.current(on: app.db) else { throw PlannerBenchmarkError.noMap }
            let loadSeconds = Date().timeIntervalSince(loading)
            let router = Router(graph: graph)
            let stretches = (0..<outcome.row.stretches).map { graph.edges[$0] }.filter { $0.access.allows(.foot) }
            guard !stretches.isEmpty else { throw PlannerBenchmarkError.noMap }
            var random = SeededRandom(seed: 2026)
            var histogram = LatencyHistogram()
            var noWay = 0, metres = 0.0
            let bounds = graph.bounds!
            while histogram.count + noWay < count {
                let start = Coordinate(latitude: Double.random(in: bounds.south...bounds.north, using: &random),
                                       longitude: Double.random(in: bounds.west...bounds.east, using: &random))
                let end = PlannedLoop.destination(from: start, meters: Double.random(in: 500...longest, using: &random),
                                                  bearing: Double.random(in: 0..<360, using: &random))
                let began = DispatchTime.now().uptimeNanoseconds
                do {
                    let leg = try router.leg(from: start, to: end, mode: .foot, snap: true)
                    histogram.record(milliseconds: Double(DispatchTime.now().uptimeNanoseconds - began) / 1e6)
                    metres += leg.distance
                } catch RoutingProblem.noWay {
                    noWay += 1
                } catch {
                    continue   // an end off the map: another
                }
            }
            return Report(database: location.kind, importSeconds: importSeconds, junctions: outcome.row.junctions, stretches: outcome.row.stretches,
                          loadSeconds: loadSeconds, legs: histogram, noWay: noWay, metres: metres)
        }
    }
}

/// Why the planner benchmark could not run.
public enum PlannerBenchmarkError: Error, CustomStringConvertible {
    case noMap
    public var description: String { "the extract gave no map to plan on" }
}
