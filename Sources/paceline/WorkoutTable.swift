import PacelineCore

/// The readable output of `paceline workout`: the cues as a voice would say them, then
/// each interval planned against actual.
struct WorkoutTable {
    var units: UnitSystem

    func print(cues: [(cue: WorkoutCue, spoken: String)], summary: WorkoutSummary) {
        for (cue, spoken) in cues {
            Output.line("\(UnitSystem.clock(cue.elapsedSeconds).leftPadded(8))  \(units.distance(cue.distanceMeters).leftPadded(9))  \(spoken)")
        }
        Output.line("")
        Output.line("  #  target   planned time  distance  pace        actual time  distance  pace        status")
        for row in summary.intervals {
            let planned = "\(UnitSystem.clock(row.plannedSeconds).leftPadded(12))  \(units.distance(row.plannedMeters).leftPadded(8))  \(units.pace(secondsPerKilometer: row.plannedPaceSecondsPerKilometer).padded(10))"
            let actual = "\(UnitSystem.clock(row.actualSeconds).leftPadded(11))  \((row.actualMeters.map(units.distance) ?? "–").leftPadded(8))  \(units.pace(secondsPerKilometer: row.actualPaceSecondsPerKilometer).padded(10))"
            Output.line("\(String(row.number).leftPadded(3))  \(row.target.padded(7))  \(planned)  \(actual)  \(row.status.rawValue)")
        }
        Output.line("")
        Output.line("\(summary.completed ? "Complete" : "Not complete"): \(UnitSystem.clock(summary.elapsedSeconds)), \(units.distance(summary.distanceMeters)), average \(units.pace(secondsPerKilometer: summary.averagePaceSecondsPerKilometer))")
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
    func padded(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
