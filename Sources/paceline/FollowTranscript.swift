import Foundation
import PacelineCore

/// The readable form of `paceline follow`: one line per cue, as the runner would live it.
///
/// ```
///   time  distance   gap        says
///   0:05   0.01 km   on pace    "on pace"
///   5:00   1.00 km   +0:12      "1 kilometre, 12 seconds ahead"
/// ```
struct FollowTranscript {
    var units: UnitSystem

    func print(cues: [(cue: Cue, spoken: String?)], result: FollowResult, pace: [Checkpoint]) {
        Output.line(String(format: "Pace: %@ in %@", units.distance(pace.last!.distance), UnitSystem.clock(pace.last!.elapsed)))
        Output.line("   time    distance  gap        says")
        for (cue, spoken) in cues {
            let columns = [pad(UnitSystem.clock(cue.elapsedSeconds), 7), pad(units.distance(cue.distanceMeters), 10),
                           pad(gap(cue), 9, left: true), spoken.map { "\"\($0)\"" } ?? ""]
            Output.line(columns.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression))
        }
        let finish = result.finish
        let outcome = finish.completed ? "Finished in \(UnitSystem.clock(finish.elapsedSeconds))" : "Did not reach the end of the route"
        let against = finish.aheadSeconds.map { ahead in
            let gap = CueSpeaker.gap(ahead)
            return gap == "on pace" ? ", level with the pace" : ", \(gap) of the pace"
        } ?? ""
        Output.line("\(outcome)\(against).")
        Output.line(String(format: "Coverage %.1f %% → %@", result.coverage * 100,
                           result.classification == .follow ? "follow (joins the route's leaderboard)" : "new (not this route)"))
    }

    private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - text.count))
        return left ? text + fill : fill + text
    }

    /// "+0:12" ahead, "-1:05" behind, "off route", "—" before the route.
    private func gap(_ cue: Cue) -> String {
        guard cue.started else { return "—" }
        guard let ahead = cue.aheadSeconds else { return "off route" }
        let clock = UnitSystem.clock(abs(ahead))
        return ahead.rounded() == 0 ? " " + clock : (ahead > 0 ? "+" : "-") + clock
    }
}
