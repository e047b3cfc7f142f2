import Foundation
import PacelineCore

/// The human-readable table `paceline analyze` prints: one row per file, and the
/// kilometre splits when there is a single file.
struct AnalysisTable {
    var rows: [(path: String, summary: ActivitySummary)]
    var units: UnitSystem

    func render() -> String {
        let header = ["file", "sport", "points", "distance", "elapsed", "moving", "pace", "max speed", "ascent", "descent", "avg HR"]
        let body = rows.map { path, s in
            [
                (path as NSString).lastPathComponent, s.sport.rawValue, String(s.points),
                units.distance(s.distanceMeters) + (s.distanceSource == .device ? "*" : ""),
                UnitSystem.clock(s.elapsedSeconds), UnitSystem.clock(s.movingSeconds),
                units.pace(secondsPerKilometer: s.averagePaceSecondsPerKilometer), units.speed(s.maxSpeedMetersPerSecond),
                s.ascentMeters.map { String(format: "%.0f m", $0) } ?? "–",
                s.descentMeters.map { String(format: "%.0f m", $0) } ?? "–",
                s.heartRate.map { String(format: "%.0f bpm", $0.average) } ?? "–",
            ]
        }
        var lines = Self.table([header] + body)
        if rows.contains(where: { $0.summary.distanceSource == .device }) {
            lines.append("* distance as the device counted it, as its own screen shows it; --json has the GPS measure beside it")
        }
        if rows.count == 1, let splits = rows.first?.summary.splits, !splits.isEmpty, units == .metric {
            lines.append("")
            lines.append(contentsOf: Self.table([["km", "time", "pace"]] + splits.map { split in
                [split.distanceMeters < 999.5 ? String(format: "%.2f", Double(split.kilometer - 1) + split.distanceMeters / 1000) : String(split.kilometer),
                 UnitSystem.clock(split.seconds),
                 units.pace(secondsPerKilometer: split.seconds / split.distanceMeters * 1000)]
            }))
        }
        return lines.joined(separator: "\n")
    }

    /// `cells` as columns: the first left-aligned, the others right-aligned.
    static func table(_ cells: [[String]]) -> [String] {
        guard let columns = cells.first?.count else { return [] }
        let widths = (0..<columns).map { c in cells.map { $0[c].count }.max() ?? 0 }
        return cells.map { row in
            row.enumerated().map { c, cell in
                c == 0 ? cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
                       : String(repeating: " ", count: widths[c] - cell.count) + cell
            }.joined(separator: "  ")
        }
    }
}
