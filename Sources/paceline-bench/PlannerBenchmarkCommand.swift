import ArgumentParser
import Foundation
import PacelineBenchmarks
import PacelineServer

/// `paceline-bench planner`: importing a city's extract and planning legs on it.
struct PlannerBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "planner",
        abstract: "Import an extract, then time planning legs on it as the server plans them.",
        discussion: """
            Imports --extract (by default a synthetic city of --nodes nodes made by \
            Benchmarks/maps/city_extract.py, which needs PyPI's osmium) into a new SQLite file \
            or PostgreSQL schema as `paceline map import` does, reads its graph back as a \
            server does, then plans --legs legs on foot from random places to places 500 m to \
            --longest metres away, and prints the import and load times and the legs' p50, p95 \
            and maximum. Build with -c release; the data is removed afterwards.
            """
    )

    @Option(help: "An .osm.pbf extract (default: a synthetic city).")
    var extract: String?

    @Option(help: "Nodes of the synthetic city when no --extract is given.")
    var nodes = 1_000_000

    @Option(help: "Legs to plan.")
    var legs = 1_000

    @Option(help: "The farthest a leg's end lies from its start, metres.")
    var longest = 10_000.0

    @Option(help: "A postgres:// URL, or the path of a SQLite file to create (default: a temporary SQLite file).")
    var database: String?

    func run() async throws {
        let url = try extract.map { URL(fileURLWithPath: $0) } ?? Self.city(nodes: nodes)
        let report = try await PlannerBenchmark.run(extract: url, legs: legs, longest: longest, database: database.map(DatabaseLocation.init)) {
            print(String(format: "peak memory after the import: %.0f MiB", ProcessStats.read()?.peakResidentMiB ?? 0))
        }
        print(report.database + String(format: ": %@ imported in %.1f s (%d junctions, %d stretches); graph read in %.1f s",
                                        url.lastPathComponent, report.importSeconds, report.junctions, report.stretches, report.loadSeconds))
        print(String(format: "%d legs of up to %.0f km (%.1f km on average): p50 %.1f ms, p95 %.1f ms, max %.1f ms; %d with no way within the detour allowed",
                     report.legs.count, longest / 1000, report.metres / Double(max(1, report.legs.count)) / 1000, report.legs.quantile(0.5),
                     report.legs.quantile(0.95), report.legs.maximum, report.noWay))
        print(String(format: "peak memory: %.0f MiB", ProcessStats.read()?.peakResidentMiB ?? 0))
    }

    /// A synthetic city of `nodes` nodes, made once per size in the temporary folder.
    static func city(nodes: Int) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("paceline-bench-city-\(nodes).osm.pbf")
        if FileManager.default.fileExists(atPath: url.path) { return url }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Benchmarks/maps/city_extract.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, url.path, "--nodes", String(nodes)]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ValidationError("city_extract.py failed: pip install osmium, or give --extract") }
        return url
    }
}
