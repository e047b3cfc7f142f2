import ArgumentParser
import Foundation
import PacelineBenchmarks
import PacelineServer

/// `paceline-bench segments`: matching one long run against many stored segments.
struct SegmentsBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segments",
        abstract: "Store generated segments, then time matching one long run against them as an upload does.",
        discussion: "Build with -c release for meaningful numbers. The data goes to a new SQLite file or PostgreSQL schema, removed afterwards."
    )

    @Option(help: "How many segments to store.")
    var segments = 100_000

    @Option(help: "How many of them are stretches of the run itself.")
    var onRun = 1_000

    @Option(help: "Fixes in the run (one a second).")
    var fixes = 10_000

    @Option(help: "How many matches to time.")
    var queries = 50

    @Option(help: "A postgres:// URL, or the path of a SQLite file to create (default: a temporary SQLite file).")
    var database: String?

    func run() async throws {
        let report = try await SegmentBenchmark.run(segments: segments, onRun: onRun, fixes: fixes, queries: queries,
                                                    database: database.map(DatabaseLocation.init))
        print(report.database + String(format: ": %d segments stored in %.1f s; the %d-fix run's checkpoints took %.1f ms",
                                        segments, report.insertSeconds, fixes, report.checkpointsMilliseconds))
        print(String(format: "lookup and read: p50 %.2f ms, p99 %.2f ms; %d candidates", report.lookups.quantile(0.5),
                     report.lookups.quantile(0.99), report.candidates))
        print(String(format: "whole match:     p50 %.2f ms, p99 %.2f ms, max %.2f ms; %d efforts", report.matches.quantile(0.5),
                     report.matches.quantile(0.99), report.matches.quantile(1), report.efforts))
        print("plan: " + report.plan)
    }
}
