import ArgumentParser
import Foundation
import PacelineCore

/// `paceline compare A B [--json]`: two runs of one route side by side.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two runs of one route: the time gap along the way and where each runner was when.",
        discussion: """
            A is the reference: B is matched against A's checkpoints (every 20 m). The table shows the gap \
            at each kilometre (or mile); --json adds the gap at every checkpoint, both runners' positions \
            every --interval seconds, and each run's series (time, speed, elevation along distance).
            """
    )

    @Argument(help: "The reference run (.gpx, .tcx, .fit).", completion: .file())
    var a: String

    @Argument(help: "The run compared with it.", completion: .file())
    var b: String

    @Flag(help: "Print the comparison as one JSON object.")
    var json = false

    @Option(help: "Seconds between positions in the JSON.")
    var interval: Double = 10

    @Option(help: "Units for the table: metric or imperial.")
    var units: UnitSystem = .metric

    func validate() throws {
        guard interval > 0, interval.isFinite else { throw ValidationError("--interval must be a positive number of seconds") }
    }

    func run() throws {
        let first = try FollowCommand.read(a), second = try FollowCommand.read(b)
        let comparison: RunComparison
        do {
            comparison = try RunComparison(first, second)
        } catch {
            Output.error("\(a) vs \(b): \(error)")
            throw ExitCode(65)
        }
        if json {
            Output.line(try ComparisonReport(comparison, a: a, b: b, interval: interval).json())
        } else {
            ComparisonTable(units: units).print(comparison, a: a, b: b)
        }
    }
}
