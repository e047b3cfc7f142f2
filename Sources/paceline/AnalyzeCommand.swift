import ArgumentParser
import Foundation
import PacelineArchives
import PacelineCore

/// `paceline analyze FILE... [--json]`: statistics of activity files.
struct AnalyzeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "How a run or walk went: distance, time, pace, climb and splits of GPX, TCX and FIT files.",
        discussion: """
            With --json, prints one JSON object per activity, one per line (the contract in docs/ARCHITECTURE.md). \
            A file of several activities (a triathlon's FIT sessions, a TCX history, GPX tracks days apart) \
            gives one each, numbered in `activity` of `activitiesInFile`. A file that cannot be read gets one line on stderr; the others are still analysed, \
            and the exit status is 65.

            Numbers that can't be true (docs/ALGORITHMS.md, "Numbers from outside": a position \
            off the Earth, an elevation outside -500…9000 m, a time before 1990 or more than \
            a day ahead, …) are left out first, as the server leaves them out of an upload, \
            and counted in `screening`.

            A file that names no sport (most GPX) is analysed as the sport its speeds and \
            climb suggest (a 25 km/h outing is a ride, a 5 km/h one a walk or a hike), as the \
            server does with an upload; --json says `"sportSource": "inferred"`, and --sport \
            says otherwise.
            """
    )

    @Argument(help: "Activity files (.gpx, .tcx, .fit, each also gzipped as .gz).", completion: .file())
    var files: [String]

    @Flag(help: "Print JSON (one object per activity per line).")
    var json = false

    @Option(help: "Units for the table: metric or imperial.")
    var units: UnitSystem = .metric

    @Option(help: "Override the sport the file declares (run, walk, hike, ride, swim, other).")
    var sport: Sport?

    func run() throws {
        var failures = 0
        var rows: [(String, ActivitySummary)] = []
        let progress = Progress(total: files.count, enabled: !json && files.count > 1)
        for (index, path) in files.enumerated() {
            progress.show(index, path)
            do {
                let activities = try ActivityFile.readAll(contentsOf: URL(fileURLWithPath: path))
                for (number, var activity) in zip(1..., activities) {
                    if let sport {
                        activity.sport = sport
                        activity.sportSource = .chosen
                    }
                    let screening: FixLimits.Screening
                    (activity.track, screening) = FixLimits(now: Date()).screen(activity.track)
                    activity.inferSportIfUnnamed()
                    let summary = ActivitySummary(activity)
                    let part = activities.count > 1 ? (number, activities.count) : nil
                    if json {
                        try printJSON(path, part, summary, screening)
                    } else {
                        rows.append((part.map { "\(path) #\($0.0)" } ?? path, summary))
                    }
                }
            } catch {
                failures += 1
                progress.clear()
                Output.error("\(path): \(error)")
            }
        }
        progress.clear()
        if !json { print(AnalysisTable(rows: rows, units: units).render()) }
        if failures > 0 { throw ExitCode(65) }
    }

    /// One activity's line; `part` is its number and the file's count when there are several.
    private func printJSON(
        _ path: String, _ part: (number: Int, count: Int)?, _ summary: ActivitySummary, _ screening: FixLimits.Screening
    ) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(AnalysisJSON(file: path, part: part, summary: summary, screening: screening))
        Output.line(String(decoding: data, as: UTF8.self))
    }
}

/// One file's (or one activity's) line of `analyze --json`: the summary's own keys, and
/// beside them the file, which activity of the file it is, and what screening dropped.
/// Encoded in one pass (the summary's keys and these share one object), with no detour
/// through `JSONSerialization`'s untyped values: that detour was a fifth of the command's
/// time on a 100,000-fix file (docs/PERFORMANCE.md).
private struct AnalysisJSON: Encodable {
    let file: String
    let part: (number: Int, count: Int)?
    let summary: ActivitySummary
    let screening: FixLimits.Screening

    private enum Key: String, CodingKey {
        case file, activity, activitiesInFile, screening
    }

    private struct Screened: Encodable {
        let droppedFixes: [String: Int]
        let removedValues: [String: Int]
    }

    func encode(to encoder: any Encoder) throws {
        try summary.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(file, forKey: .file)
        if let part {
            try container.encode(part.number, forKey: .activity)
            try container.encode(part.count, forKey: .activitiesInFile)
        }
        try container.encode(Screened(droppedFixes: Dictionary(uniqueKeysWithValues: screening.droppedFixes.map { ($0.key.rawValue, $0.value) }),
                                      removedValues: Dictionary(uniqueKeysWithValues: screening.removedValues.map { ($0.key.rawValue, $0.value) })),
                             forKey: .screening)
    }
}

extension UnitSystem: ExpressibleByArgument {}
extension Sport: ExpressibleByArgument {}
