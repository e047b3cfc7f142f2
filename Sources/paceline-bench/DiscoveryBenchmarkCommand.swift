import ArgumentParser
import Foundation
import PacelineBenchmarks
import PacelineServer

/// `paceline-bench discovery`: importing plaques, map boxes around a walker, discoveries of a walk.
struct DiscoveryBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discovery",
        abstract: "Import generated plaques, then time 1 km map boxes and the discoveries of a long walk.",
        discussion: "Build with -c release for meaningful numbers. The data goes to a new SQLite file or PostgreSQL schema, removed afterwards."
    )

    @Option(help: "How many plaques to generate.")
    var points = 100_000

    @Option(help: "How many 1 km boxes to time.")
    var queries = 1_000

    @Option(help: "Fixes in the walk (one a second).")
    var fixes = 20_000

    @Option(help: "A postgres:// URL, or the path of a SQLite file to create (default: a temporary SQLite file).")
    var database: String?

    func run() async throws {
        let report = try await DiscoveryBenchmark.run(points: points, queries: queries, fixes: fixes, database: database.map(DatabaseLocation.init))
        print(report.database + String(format: ": %d plaques imported in %.1f s (%.0f/s)", points, report.importSeconds, Double(points) / report.importSeconds))
        print(String(format: "1 km boxes: p50 %.2f ms, p99 %.2f ms, max %.2f ms, %.1f plaques each",
                            report.boxes.quantile(0.5), report.boxes.quantile(0.99), report.boxes.quantile(1), report.boxes.meanItems))
        print(String(format: "discoveries of a %d-fix walk: %.1f ms, %d plaques", fixes, report.discoverySeconds * 1000, report.discovered))
        print("plan: " + report.plan)
    }
}
