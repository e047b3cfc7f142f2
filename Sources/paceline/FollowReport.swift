import Foundation
import PacelineCore

/// The JSON of `paceline follow --json`: `{coverage, classification, cues, finish}`.
struct FollowReport: Encodable {
    struct CueLine: Encodable {
        var elapsedSeconds: Double
        var distanceMeters: Double
        var aheadSeconds: Double?
        var deviated: Bool
        var spoken: String?

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(elapsedSeconds, forKey: .elapsedSeconds)
            try c.encode(distanceMeters, forKey: .distanceMeters)
            try c.encode(aheadSeconds, forKey: .aheadSeconds)  // null while deviated, as the contract says
            try c.encode(deviated, forKey: .deviated)
            try c.encode(spoken, forKey: .spoken)
        }

        private enum CodingKeys: String, CodingKey { case elapsedSeconds, distanceMeters, aheadSeconds, deviated, spoken }
    }

    var coverage: Double
    var classification: FollowResult.Classification
    var cues: [CueLine]
    var finish: FollowResult.Finish

    init(result: FollowResult, cues: [(cue: Cue, spoken: String?)]) {
        coverage = result.coverage.rounded(places: 4)
        classification = result.classification
        self.cues = cues.map { cue, spoken in
            CueLine(elapsedSeconds: cue.elapsedSeconds.rounded(places: 1), distanceMeters: cue.distanceMeters.rounded(places: 1),
                    aheadSeconds: cue.aheadSeconds.map { $0.rounded(places: 1) }, deviated: cue.deviated, spoken: spoken)
        }
        finish = FollowResult.Finish(elapsedSeconds: result.finish.elapsedSeconds.rounded(places: 1),
                        aheadSeconds: result.finish.aheadSeconds.map { $0.rounded(places: 1) }, completed: result.finish.completed)
    }
}
