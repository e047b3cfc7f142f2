import Foundation
import PacelineAPI
import PacelineCore

/// The lines `paceline sync` prints as it goes, one for each file it deals with, for a
/// person or a journal to read: what it did on stdout, what it could not do on stderr. A
/// file's name, and what the server says, are printed with their control characters
/// escaped (`RegularFile.printable`): a name holding a newline forges no line.
struct SyncReport {
    let units: UnitSystem

    /// "uploaded Activity/Morning_Run.fit: 10.21 km run, 2026-11-28"
    func uploaded(_ file: String, _ run: Components.Schemas.Run) {
        var line = "uploaded \(RegularFile.printable(file)): \(describe(run))"
        if let others = run.otherRunIds, !others.isEmpty {
            line += ", and \(others.count) more \(others.count == 1 ? "activity" : "activities")"
        }
        for leftOut in run.activitiesLeftOut ?? [] { line += "; activity \(leftOut.activity) not saved: \(RegularFile.printable(leftOut.message))" }
        Output.line(line)
    }

    /// "skipped Activity/Morning_Run.fit: already on the server (10.21 km run, 2026-11-28)"
    func onServer(_ file: String, _ run: Components.Schemas.Run) {
        Output.line("skipped \(RegularFile.printable(file)): already on the server (\(describe(run)))")
    }

    /// "skipped Copy of Morning_Run.fit: the same file as Activity/Morning_Run.fit, already uploaded"
    func uploadedBefore(_ file: String, as first: String) {
        Output.line("skipped \(RegularFile.printable(file)): the same file as \(RegularFile.printable(first)), already uploaded")
    }

    /// A file not uploaded, and that it is not tried again until it changes.
    func notUploaded(_ file: String, _ reason: String) {
        Output.error("not uploaded \(RegularFile.printable(file)): \(RegularFile.printable(reason)); tried again when the file changes")
    }

    /// "10.21 km run, 2026-11-28": the distance, the sport and the day it started, here.
    private func describe(_ run: Components.Schemas.Run) -> String {
        var text = "\(units.distance(run.distanceMeters)) \(run.sport.rawValue)"
        if let start = run.startTime {
            let day = Calendar.current.dateComponents([.year, .month, .day], from: start)
            text += String(format: ", %04d-%02d-%02d", day.year ?? 0, day.month ?? 0, day.day ?? 0)
        }
        return text
    }
}
