import Foundation
import PacelineCore
import Testing

@Suite("Step count")
struct StepCountTests {
    /// A straight walk along a meridian: `count` fixes `seconds` apart, `speed` m/s, with `cadence` when given.
    static func walk(sport: Sport = .walk, count: Int = 361, seconds: Double = 1, speed: Double = 1.3, cadence: Int? = nil) -> Activity {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let fixes = (0..<count).map { i in
            Fix(time: start.addingTimeInterval(Double(i) * seconds),
                coordinate: Coordinate(latitude: 51.5 + Double(i) * seconds * speed / 111_254, longitude: -0.12), cadence: cadence)
        }
        return Activity(format: .fit, sport: sport, track: Track(segments: [fixes]))
    }

    @Test("a FIT walk's per-leg cadence (55 strides a minute for 6 minutes) is 660 steps")
    func perLegCadence() throws {
        let steps = try #require(StepCount(Self.walk(cadence: 55), distance: 468))
        #expect(steps == StepCount(steps: 660, isEstimated: false))
    }

    @Test("a cadence already in steps per minute is not doubled: at 120 or more, or when doubling makes tiny steps")
    func stepsPerMinute() throws {
        let run = try #require(StepCount(Self.walk(sport: .run, speed: 3, cadence: 170), distance: 1080))
        #expect(run == StepCount(steps: 1020, isEstimated: false))
        // 110 steps a minute at 1.3 m/s: doubling would make 0.35 m steps.
        let walk = try #require(StepCount(Self.walk(cadence: 110), distance: 468))
        #expect(walk == StepCount(steps: 660, isEstimated: false))
    }

    @Test("a pause the device did not record through adds no steps")
    func pauseGap() throws {
        var activity = Self.walk(count: 61, cadence: 60)
        var fixes = activity.track.segments[0]
        fixes.append(Fix(time: fixes.last!.time!.addingTimeInterval(600), coordinate: fixes.last!.coordinate, cadence: 60))
        activity.track = Track(segments: [fixes])
        let steps = try #require(StepCount(activity, distance: 78))
        #expect(steps == StepCount(steps: 120, isEstimated: false))
    }

    @Test("without cadence a walk's steps are estimated from distance and step length")
    func estimated() throws {
        #expect(StepCount(Self.walk(), distance: 5000) == StepCount(steps: 6849, isEstimated: true))
        #expect(StepCount(Self.walk(sport: .hike), distance: 5000, stepLength: 0.8) == StepCount(steps: 6250, isEstimated: true))
        #expect(StepCount(Self.walk(), distance: 5000, stepLength: 0) == StepCount(steps: 6849, isEstimated: true))
        #expect(StepCount(Self.walk(sport: .run), distance: 5000) == nil)
        #expect(StepCount(Self.walk(sport: .ride, cadence: 90), distance: 5000) == nil)
    }
}
