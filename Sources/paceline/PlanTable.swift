import ArgumentParser
import Foundation
import PacelineCore

/// The plan `paceline follow --plan` prints without a run to replay: a line saying the goal,
/// then a row per kilometre (its pace, time, time at its end, grade, climb).
struct PlanTable {
    var plan: PacePlan

    func render() -> String {
        let length = plan.checkpoints.last.map { $0.distance - plan.checkpoints[0].distance } ?? 0
        let strategy = switch plan.strategy {
        case .evenPace: "even pace"
        case .evenEffort: "even effort"
        case .negativeSplit: "negative split"
        }
        let units = UnitSystem.metric
        var lines = ["Plan: \(units.distance(length)) in \(UnitSystem.clock(plan.goal)), \(strategy)", ""]
        lines += AnalysisTable.table([["km", "pace", "split", "at", "grade", "up", "down"]] + plan.splits.map { split in
            [split.endDistance - split.startDistance < 999.5 ? String(format: "%.2f", split.endDistance / 1000) : String(split.number),
             units.pace(secondsPerKilometer: split.secondsPerKilometre), UnitSystem.clock(Double(split.seconds)),
             UnitSystem.clock(Double(split.elapsed)), String(format: "%+.1f%%", split.grade * 100),
             String(format: "%.0f m", split.ascent), String(format: "%.0f m", split.descent)]
        })
        return lines.joined(separator: "\n")
    }
}

extension PacePlan.Strategy: ExpressibleByArgument {
    /// `even-pace`, `even-effort` or `negative-split`.
    public init?(argument: String) {
        switch argument {
        case "even-pace": self = .evenPace
        case "even-effort": self = .evenEffort
        case "negative-split": self = .negativeSplit
        default: return nil
        }
    }

    public static var allValueStrings: [String] { ["even-pace", "even-effort", "negative-split"] }
}
