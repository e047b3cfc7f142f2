import Foundation
import PacelineCore

/// The readable form of `paceline compare`: the gap at each kilometre (or mile) and at the finish.
struct ComparisonTable {
    var units: UnitSystem

    func print(_ comparison: RunComparison, a: String, b: String) {
        Output.line("A: \(a)  \(units.distance(comparison.a.last!.distance)) in \(UnitSystem.clock(comparison.a.last!.elapsed))")
        Output.line("B: \(b)  \(units.distance(comparison.b.last!.distance)) in \(UnitSystem.clock(comparison.b.last!.elapsed))")
        Output.line(String(format: "B covered %.1f %% of A's route (%@).", comparison.result.coverage * 100,
                           comparison.result.classification == .follow ? "same route" : "a different route"))
        guard !comparison.gaps.isEmpty else { return }
        Output.line("  distance        A        B   gap (B vs A)")
        var nextMark = units.metersPerUnit
        for (index, gap) in comparison.gaps.enumerated() where gap.distanceMeters >= nextMark || index == comparison.gaps.count - 1 {
            nextMark = (gap.distanceMeters / units.metersPerUnit).rounded(.down) * units.metersPerUnit + units.metersPerUnit
            let seconds = Int(gap.gapSeconds.rounded())
            let says = seconds == 0 ? "level" : "\(UnitSystem.clock(Double(abs(seconds)))) \(seconds > 0 ? "behind" : "ahead")"
            Output.line([pad(units.distance(gap.distanceMeters), 10), pad(UnitSystem.clock(gap.aSeconds), 8),
                         pad(UnitSystem.clock(gap.bSeconds), 8), "  " + says].joined(separator: " "))
        }
    }

    private func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
