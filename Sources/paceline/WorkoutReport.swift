import Foundation
import PacelineCore

/// The JSON of `paceline workout --json`: `{cues, summary}`, numbers (seconds, metres, s/km) rounded to 0.1.
/// With `--exact`, unrounded, plus the run's sport,
/// maximum speed and segments of fixes as read (times in epoch milliseconds), so another
/// implementation fed the same fixes can be checked number for number
/// (Tests/e2e/test_workout_port.py checks the web app's).
struct WorkoutReport: Encodable {
    struct CueLine: Encodable {
        var elapsedSeconds: Double
        var distanceMeters: Double
        var interval: Int
        var kind: WorkoutCue.Kind
        var spoken: String
    }

    var cues: [CueLine]
    var summary: WorkoutSummary
    var sport: Sport?
    var maximumSpeed: Double?
    var segments: [[FollowExactReport.FixLine]]?

    init(cues: [(cue: WorkoutCue, spoken: String)], summary: WorkoutSummary, exact run: Activity?, maximumSpeed: Double) {
        let round: (Double) -> Double = run == nil ? { $0.rounded(places: 1) } : { $0 }
        self.cues = cues.map { CueLine(elapsedSeconds: round($0.cue.elapsedSeconds), distanceMeters: round($0.cue.distanceMeters),
                                       interval: $0.cue.interval, kind: $0.cue.kind, spoken: $0.spoken) }
        var summary = summary
        summary.elapsedSeconds = round(summary.elapsedSeconds)
        summary.distanceMeters = round(summary.distanceMeters)
        summary.averagePaceSecondsPerKilometer = summary.averagePaceSecondsPerKilometer.map(round)
        summary.intervals = summary.intervals.map { row in
            var row = row
            row.plannedSeconds = round(row.plannedSeconds)
            row.plannedMeters = round(row.plannedMeters)
            row.plannedPaceSecondsPerKilometer = round(row.plannedPaceSecondsPerKilometer)
            row.actualSeconds = row.actualSeconds.map(round)
            row.actualMeters = row.actualMeters.map(round)
            row.actualPaceSecondsPerKilometer = row.actualPaceSecondsPerKilometer.map(round)
            return row
        }
        self.summary = summary
        if let run {
            sport = run.sport
            self.maximumSpeed = maximumSpeed
            segments = run.track.segments.map { $0.map(FollowExactReport.FixLine.init) }
        }
    }
}
