import Foundation
import Testing
@testable import PacelineCore

@Suite struct WorkoutPlanTests {
    static let track = #"""
    {"name": "6 × 400 m", "steps": [
      {"meters": 1000, "target": "easy"},
      {"repeat": 6, "intervals": [{"meters": 400, "target": "fast"}, {"seconds": 90, "target": "rest"}]},
      {"meters": 1609.344, "target": "pace", "paceSecondsPerKilometer": 300}
    ]}
    """#

    @Test func repeatsExpandIntoTheFlatListNOfM() throws {
        let plan = try WorkoutPlan.decode(Data(Self.track.utf8))
        #expect(plan.intervals.count == 14)
        #expect(plan.intervals[1] == WorkoutInterval(.meters(400), .fast))
        #expect(plan.intervals[12] == WorkoutInterval(.seconds(90), .rest))
        #expect(plan.intervals[13].target == .pace(secondsPerKilometer: 300))
        let again = try JSONDecoder().decode(WorkoutPlan.self, from: JSONEncoder().encode(plan))
        #expect(again == plan)
    }

    @Test func badPlansSayWhatAndWhere() {
        func problem(_ json: String) -> String? {
            do { _ = try WorkoutPlan.decode(Data(json.utf8)); return nil } catch { return "\(error)" }
        }
        #expect(problem(#"{"name":"x","steps":[{"meters":400,"target":"sprint"}]}"#) == #"steps[0].target: unknown target "sprint" (rest, easy, steady, fast or pace)"#)
        #expect(problem(#"{"name":"x","steps":[{"meters":400,"seconds":60,"target":"fast"}]}"#) == #"steps[0].seconds: an interval needs exactly one of "seconds" and "meters""#)
        #expect(problem(#"{"name":"x","steps":[{"meters":-4,"target":"fast"}]}"#) == "step 1: meters must be above 0 and at most 1000000")
        #expect(problem(#"{"name":"x","steps":[{"repeat":0,"intervals":[{"meters":4,"target":"fast"}]}]}"#) == "step 1: repeat count 0 must be 1 to 500")
        #expect(problem(#"{"name":"x","steps":[{"meters":400,"target":"pace"}]}"#) == #"steps[0].target: target "pace" needs "paceSecondsPerKilometer""#)
        #expect(problem(#"{"name":"x","steps":[]}"#) == "the workout has no intervals")
        #expect(problem(#"{"steps":[]}"#) == #"missing "name""#)
        #expect(problem("{") == "not valid JSON")
        #expect(problem(#"{"name":"x","steps":[{"repeat":300,"intervals":[{"meters":4,"target":"fast"},{"meters":4,"target":"rest"}]}]}"#) == "the workout has more than 500 intervals")
    }

    @Test func explicitPacesGetABandAroundThem() throws {
        let band = PaceBands.default.band(for: .pace(secondsPerKilometer: 300))
        #expect(band == PaceBand(fastest: 285, slowest: 315))
        try PaceBands.default.validate()
        var bad = PaceBands.default
        bad.fast = PaceBand(fastest: 300, slowest: 240)
        #expect(throws: WorkoutPlanError.self) { try bad.validate() }
    }

    @Test func cuesReadInTheRunnersUnits() {
        let metric = WorkoutSpeaker(units: .metric), imperial = WorkoutSpeaker(units: .imperial)
        #expect(metric.describe(WorkoutInterval(.meters(400), .fast)) == "400 metres, fast")
        #expect(metric.describe(WorkoutInterval(.meters(1500), .easy)) == "1.5 kilometres, easy")
        #expect(metric.describe(WorkoutInterval(.meters(1000), .steady)) == "1 kilometre, steady")
        #expect(metric.describe(WorkoutInterval(.seconds(90), .rest)) == "1 minute 30 seconds, rest")
        #expect(metric.describe(WorkoutInterval(.meters(1000), .pace(secondsPerKilometer: 270))) == "1 kilometre at 4 minutes 30 seconds per kilometre")
        #expect(imperial.describe(WorkoutInterval(.meters(400), .fast)) == "0.25 miles, fast")
        #expect(imperial.describe(WorkoutInterval(.meters(1609.344), .pace(secondsPerKilometer: 300))) == "1 mile at 8 minutes 3 seconds per mile")
        #expect(imperial.describe(WorkoutInterval(.meters(100), .fast)) == "109 yards, fast")
        #expect(metric.length(20.4) == "20 metres")
        #expect(metric.duration(600) == "10 minutes")
        #expect(metric.duration(0.4) == "0 seconds")
    }
}
