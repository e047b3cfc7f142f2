import Foundation
import PacelineAPI

/// What an import (or a sync) has done so far: files done, runs made, activities already
/// there, and each file that failed with its reason.
struct ImportTally {
    private(set) var done = 0
    private(set) var runsMade = 0
    private(set) var alreadyThere = 0
    private(set) var activitiesLeftOut: [(path: String, reason: String)] = []
    private(set) var failures: [(path: String, reason: String)] = []

    /// A file whose very bytes were uploaded before, as `paceline sync` remembers: not sent.
    mutating func countUploadedBefore() {
        done += 1
        alreadyThere += 1
    }

    mutating func count(_ path: String, _ outcome: FileUpload.Outcome) {
        done += 1
        switch outcome {
        case .created(let run):
            // The first activity's run, then the file's others (made now or before).
            runsMade += 1 + (run.otherRunIds?.count ?? 0)
            note(run.activitiesLeftOut, of: path)
        case .existing(let run):
            alreadyThere += 1 + (run.otherRunIds?.count ?? 0)
        case .failed(let failure):
            failures.append((path, failure.description))
        }
    }

    private mutating func note(_ leftOut: [Components.Schemas.ActivityLeftOut]?, of path: String) {
        for activity in leftOut ?? [] {
            activitiesLeftOut.append(("\(path) #\(activity.activity)", activity.message))
        }
    }

    /// The closing lines: what was imported, how fast, and every failure with its reason.
    func report(withoutFile: Int, seconds: Double) -> [String] {
        var lines = [summary("Imported", seconds: seconds)]
        if withoutFile > 0 {
            lines.append("\(withoutFile.formatted()) \(withoutFile == 1 ? "activity" : "activities") in activities.csv "
                + "\(withoutFile == 1 ? "has" : "have") no file (entered by hand): nothing to import.")
        }
        if !activitiesLeftOut.isEmpty {
            lines.append("Activities in a file that could not be saved alone (the file's others were):")
            lines += activitiesLeftOut.map { "  \($0.path): \($0.reason)" }
        }
        if !failures.isEmpty {
            lines.append("Not imported:")
            lines += failures.map { "  \($0.path): \($0.reason)" }
        }
        return lines
    }

    /// "Imported 8 files in 1.2 s: 4 new runs, 3 already there, 1 could not be read.", with
    /// `verb` first.
    func summary(_ verb: String, seconds: Double) -> String {
        "\(verb) \(done.formatted()) \(done == 1 ? "file" : "files") in \(Self.duration(seconds)): "
            + "\(runsMade.formatted()) new runs, \(alreadyThere.formatted()) already there, "
            + "\(failures.count.formatted()) could not be read."
    }

    /// "4.2 s", "3 min 07 s", or "26 h 05 min" (a sync that watched for a day).
    private static func duration(_ seconds: Double) -> String {
        if seconds < 60 { return String(format: "%.1f s", seconds) }
        if seconds < 3600 { return String(format: "%d min %02d s", Int(seconds) / 60, Int(seconds) % 60) }
        return String(format: "%d h %02d min", Int(seconds) / 3600, Int(seconds) % 3600 / 60)
    }
}

/// The import's progress on stderr: a bar that redraws itself on a terminal, a line at
/// every tenth of the files elsewhere (a log).
final class ImportProgress {
    private let total: Int
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private var lastTenth = 0
    private var shown = false

    init(total: Int) {
        self.total = total
    }

    func show(_ tally: ImportTally) {
        let status = "\(tally.done.formatted())/\(total.formatted()) files · \(tally.runsMade.formatted()) new · "
            + "\(tally.alreadyThere.formatted()) already there · \(tally.failures.count.formatted()) unreadable"
        if isTerminal {
            let width = 24, filled = total == 0 ? width : width * tally.done / total
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            FileHandle.standardError.write(Data("\r\u{1B}[K\(bar) \(status)".utf8))
            shown = true
        } else if total > 0, tally.done * 10 / total > lastTenth {
            lastTenth = tally.done * 10 / total
            FileHandle.standardError.write(Data("paceline: \(status)\n".utf8))
        }
    }

    func clear() {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        shown = false
    }
}
