import Foundation
import PacelineTestSupport
import Testing
@testable import PacelineCore

/// Longer runs normalized against shorter routes, and two runs compared.
@Suite struct RunComparisonTests {
    typealias Scenario = FollowSessionSyntheticTests

    @Test func aLongerRunIsTheRouteThenTheRestByDistance() throws {
        let route = try Normalization.checkpoints(of: Scenario.run([(1500, 0)], speed: 3, seed: 21))
        let longer = Scenario.run(Scenario.lShape, speed: 3, seed: 22)
        let aligned = try Normalization.checkpoints(of: longer, along: route)
        // The matched part is the route's checkpoints, with the runner's times.
        let matched = aligned.prefix(route.count)
        #expect(zip(matched, route).allSatisfy { $0.distance == $1.distance && $0.coordinate == $1.coordinate })
        #expect(zip(matched, route).allSatisfy { abs($0.elapsed - $1.elapsed) < 1 })
        // Then the rest of the run, continuing from the route's end, 20 m apart.
        let rest = aligned.dropFirst(route.count)
        #expect(abs(rest.count - 75) <= 1)
        #expect(abs(aligned.last!.distance - 3000) < 5)
        #expect(abs(aligned.last!.elapsed - 1000) < 1)
        #expect(zip(aligned, aligned.dropFirst()).allSatisfy { $1.distance > $0.distance && $1.elapsed > $0.elapsed })
    }

    @Test func twoRunsOfOneRouteSideBySide() throws {
        let a = Scenario.run(Scenario.lShape, speed: 3.3, seed: 23)
        let b = Scenario.run(Scenario.lShape, speed: 3.0, seed: 24)
        let comparison = try RunComparison(a, b)
        #expect(comparison.result.classification == .follow)
        #expect(comparison.gaps.count >= comparison.a.count - 1)
        for gap in comparison.gaps {
            // B needs d/3.0 s to A's d/3.3 s.
            #expect(abs(gap.gapSeconds - (gap.distanceMeters / 3.0 - gap.distanceMeters / 3.3)) < 1, "at \(gap.distanceMeters) m")
        }
        // Both are past the corner, which position smoothing rounds by about 3 m.
        let (pa, pb) = comparison.positions(at: 600)
        #expect(abs(pa!.distanceMeters - 1980) < 5)
        #expect(abs(pb!.distanceMeters - 1800) < 5)
        #expect(abs(pa!.speed - 3.3) < 0.05)
        // A finished at 909 s: after that only B is out there.
        let late = comparison.positions(at: 950)
        #expect(late.a == nil && late.b != nil)
    }
}
