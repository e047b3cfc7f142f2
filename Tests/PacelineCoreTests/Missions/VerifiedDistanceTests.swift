import Foundation
import Testing
@testable import PacelineCore

@Suite struct VerifiedDistanceTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    let origin = Coordinate(latitude: 55.9, longitude: -4.2)

    /// Fixes due north of `origin` at `metres` along, one per `seconds`.
    func fixes(_ metres: [Double], every seconds: [Double]) -> [Fix] {
        zip(metres, seconds).map { along, time in
            Fix(time: start.addingTimeInterval(time), coordinate: MissionFixtures.north(of: origin, metres: along))
        }
    }

    @Test func anHonestRunIsCreditedItsGeodesicDistance() {
        // 3 m/s for 100 s: 300 m, well under the runner's 12.5 m/s.
        let track = Track(segments: [fixes((0...100).map { Double($0) * 3 }, every: (0...100).map(Double.init))])
        let verified = VerifiedDistance(track, sport: .run)
        #expect(abs(verified.credited - 300) < 0.01)
        #expect(verified.cappedSteps == 0)
    }

    @Test func aTeleportIsCreditedAtTheSportsMaximumSpeed() {
        // 100 m at 2 m/s, then 10 km in 10 s, then 100 m more at 2 m/s.
        let metres: [Double] = [0, 50, 100, 10_100, 10_150, 10_200]
        let times: [Double] = [0, 25, 50, 60, 85, 110]
        let track = Track(segments: [fixes(metres, every: times)])
        let run = VerifiedDistance(track, sport: .run)
        let expectedRun = 200 + 12.5 * 10
        #expect(abs(run.credited - expectedRun) < 0.01)
        #expect(run.cappedSteps == 1)
        #expect(abs(run.measured - 10_200) < 0.01)
        // The cap is the sport's: a walker's 5 m/s.
        let walk = VerifiedDistance(track, sport: .walk)
        let expectedWalk = 200 + 5.0 * 10
        #expect(abs(walk.credited - expectedWalk) < 0.01)
    }

    @Test func gapsReversalsDuplicatesAndPoorFixesEarnNothing() {
        var first = fixes([0, 100], every: [0, 50])
        let second = fixes([5_000, 5_100], every: [100, 150])  // a segment break: the 4.9 km between earns nothing
        first.append(Fix(time: start.addingTimeInterval(40), coordinate: MissionFixtures.north(of: origin, metres: 300)))  // back in time
        first.append(Fix(time: start.addingTimeInterval(50), coordinate: MissionFixtures.north(of: origin, metres: 400)))  // same time
        var poor = Fix(time: start.addingTimeInterval(55), coordinate: MissionFixtures.north(of: origin, metres: 150))
        poor.horizontalAccuracy = 80
        first.append(poor)
        let verified = VerifiedDistance(Track(segments: [first, second]), sport: .run)
        #expect(abs(verified.credited - 200) < 0.01)
    }
}
