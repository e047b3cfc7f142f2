import Foundation
import PacelineCore

/// The JSON of `paceline follow --json --exact`: the report of `--json` with numbers
/// unrounded and each cue's `started`/`finished`, plus what the session was given: the
/// run's sport (and so its maximum speed), the pace's checkpoints in the shape of
/// `GET /routes/{id}/pace`, and the run's fixes as read from the file (before the replay
/// sorts them by time). Another implementation fed the same inputs must print the same
/// numbers; Tests/e2e/test_follow_port.py checks the web app's port this way.
struct FollowExactReport: Encodable {
    struct CueLine: Encodable {
        var cue: Cue
        var spoken: String?

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(cue.elapsedSeconds, forKey: .elapsedSeconds)
            try c.encode(cue.distanceMeters, forKey: .distanceMeters)
            try c.encode(cue.aheadSeconds, forKey: .aheadSeconds)
            try c.encode(cue.deviated, forKey: .deviated)
            try c.encode(cue.started, forKey: .started)
            try c.encode(cue.finished, forKey: .finished)
            try c.encode(spoken, forKey: .spoken)
        }

        private enum CodingKeys: String, CodingKey { case elapsedSeconds, distanceMeters, aheadSeconds, deviated, started, finished, spoken }
    }

    /// A checkpoint as the API's `Checkpoint` schema has it.
    struct CheckpointLine: Encodable {
        var latitude: Double
        var longitude: Double
        var distanceMeters: Double
        var elapsedSeconds: Double
        var speedMetersPerSecond: Double
        var elevationMeters: Double?
    }

    /// A fix as the web app's GPS gives it: `time` in milliseconds since 1970; null when absent.
    struct FixLine: Encodable {
        var fix: Fix

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(fix.coordinate?.latitude, forKey: .latitude)
            try c.encode(fix.coordinate?.longitude, forKey: .longitude)
            try c.encode(fix.horizontalAccuracy, forKey: .accuracy)
            try c.encode(fix.time.map { $0.timeIntervalSince1970 * 1000 }, forKey: .time)
        }

        private enum CodingKeys: String, CodingKey { case latitude, longitude, accuracy, time }
    }

    var coverage: Double
    var classification: FollowResult.Classification
    var cues: [CueLine]
    var finish: FollowResult.Finish
    var sport: Sport
    var maximumSpeed: Double
    var pace: [CheckpointLine]
    var fixes: [FixLine]

    init(result: FollowResult, cues: [(cue: Cue, spoken: String?)], pace: [Checkpoint], run: Activity, maximumSpeed: Double) {
        coverage = result.coverage
        classification = result.classification
        self.cues = cues.map { CueLine(cue: $0.cue, spoken: $0.spoken) }
        finish = result.finish
        sport = run.sport
        self.maximumSpeed = maximumSpeed
        self.pace = pace.map {
            CheckpointLine(latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude, distanceMeters: $0.distance,
                           elapsedSeconds: $0.elapsed, speedMetersPerSecond: $0.speed, elevationMeters: $0.elevation)
        }
        fixes = run.track.fixes.map(FixLine.init)
    }
}
