import ArgumentParser
import Foundation
import PacelineBenchmarks
import PacelineServer

/// `paceline-bench clubs`: a big club's leaderboards over a million activities.
struct ClubsBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clubs",
        abstract: "Load one big club and its members' activities, then time its leaderboards as a member reads them.",
        discussion: """
            Build with -c release for meaningful numbers. The activities are spread over two \
            years in every privacy and three sports (bulk SQL inserts, not uploads); boards go \
            through the service's own code (not HTTP), each period, sport and measure in turn. \
            The data goes to a new SQLite file (removed afterwards) or a new schema of the \
            PostgreSQL database (dropped afterwards).
            """
    )

    @Option(help: "How many members the club has.")
    var members = 5_000

    @Option(help: "How many activities the members hold in all.")
    var activities = 1_000_000

    @Option(help: "How many boards to time.")
    var queries = 200

    @Option(help: "A postgres:// URL, or the path of a SQLite file to create (default: a temporary SQLite file).")
    var database: String?

    func run() async throws {
        let report = try await ClubBenchmark.run(members: members, activities: activities, queries: queries,
                                                 database: database.map(DatabaseLocation.init), progress: { print($0) })
        let boards = report.boards
        print(report.database + String(format: ": %d members, %d activities inserted in %.0f s", members, activities, report.insertSeconds))
        print(String(format: "board: %d reads, p50 %.2f ms, p95 %.2f ms, p99 %.2f ms, max %.2f ms; %.1f members a board",
                     boards.milliseconds.count, boards.quantile(0.5), boards.quantile(0.95), boards.quantile(0.99),
                     boards.quantile(1), boards.meanItems))
        for (name, reads) in [("challenge, total distance", report.totalChallenge), ("challenge, fastest 5 km", report.fastestChallenge)] {
            print(String(format: "%@: %d reads, p50 %.2f ms, p95 %.2f ms, p99 %.2f ms, max %.2f ms; %.0f taking part",
                         name, reads.milliseconds.count, reads.quantile(0.5), reads.quantile(0.95), reads.quantile(0.99),
                         reads.quantile(1), reads.meanItems))
        }
        print("plan: " + report.plan)
    }
}
