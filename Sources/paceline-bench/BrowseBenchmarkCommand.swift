import ArgumentParser
import Foundation
import PacelineBenchmarks
import PacelineServer

/// `paceline-bench browse`: map-browsing latency over a million routes.
struct BrowseBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Load generated routes and measure how long map viewports take to answer.",
        discussion: """
            Build with -c release for meaningful numbers. Routes cluster around 200 cities (10 % \
            anywhere), 80 % of them public; viewports are 1280 × 800 px at zooms 3–18, half \
            around cities, and go through the handler's own code (not HTTP). The data goes to a \
            new SQLite file (removed afterwards) or a new schema of the PostgreSQL database \
            (dropped afterwards).
            """
    )

    @Option(help: "How many routes to generate.")
    var routes = 1_000_000

    @Option(help: "A postgres:// URL, or the path of a SQLite file to create (default: a temporary SQLite file).")
    var database: String?

    @Option(help: "How many viewports to time.")
    var queries = 1_000

    @Option(help: "The seed of the routes and viewports.")
    var seed: UInt64 = 1

    func run() async throws {
        let report = try await BrowseBenchmark.run(routes: routes, queries: queries, database: database.map(DatabaseLocation.init),
                                                   seed: seed, progress: { print($0) })
        print(report.database + String(format: ": %d routes (%d public) inserted in %.1f s (%.0f routes/s); grid rebuilt in %.1f s (%d cells)",
                     report.routes, report.publicRoutes, report.insertSeconds,
                     Double(report.routes) / report.insertSeconds, report.rebuildSeconds, report.cells))
        print("what            count    p50 ms    p99 ms    max ms   items/answer")
        for (label, latencies) in report.viewports {
            print(Self.row(label, latencies) + String(format: "   %12.1f", latencies.meanItems))
        }
        for (label, latencies) in report.upkeep { print(Self.row(label, latencies)) }
        for (label, latencies) in report.searches {
            print(Self.row(label, latencies) + String(format: "   %12.1f", latencies.meanItems))
        }
    }

    private static func row(_ label: String, _ latencies: BrowseBenchmark.Latencies) -> String {
        label.padding(toLength: 12, withPad: " ", startingAt: 0)
            + String(format: " %8d  %8.2f  %8.2f  %8.2f", latencies.milliseconds.count,
                     latencies.quantile(0.5), latencies.quantile(0.99), latencies.quantile(1))
    }
}
