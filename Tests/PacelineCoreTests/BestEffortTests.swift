import Foundation
import PacelineCore
import PacelineTestSupport
import Testing

@Suite("Best efforts")
struct BestEffortTests {
    private static func profile(_ builder: SyntheticTrack) -> TrackProfile {
        let thresholds = SportThresholds.for(.run)
        let (kept, _) = FixFilter(thresholds: thresholds).filter(builder.build().track)
        return TrackProfile(segments: kept, thresholds: thresholds)
    }

    @Test("at a steady pace every effort takes distance / speed")
    func steady() {
        var builder = SyntheticTrack(origin: Coordinate(latitude: 55.86, longitude: -4.25))
        builder.legs = [(east: 6000, north: 0)]
        builder.speed = 4
        let efforts = BestEffort.efforts(in: Self.profile(builder))
        #expect(efforts.map(\.distanceMeters) == [1000, 5000])  // 6 km: no 10 km or longer
        #expect(abs(efforts[0].seconds - 250) < 1)
        #expect(abs(efforts[1].seconds - 1250) < 2)
    }

    @Test("the fastest stretch is found wherever it is, and a stop does not count")
    func fastestStretch() {
        // 3 km at 3 m/s, then 2 km at 5 m/s with a 60 s stop in it, then 1 km at 3 m/s.
        var slow = SyntheticTrack(origin: Coordinate(latitude: 55.86, longitude: -4.25))
        slow.legs = [(east: 3000, north: 0)]
        slow.speed = 3
        let efforts = BestEffort.efforts(in: Self.profile(slow), distances: [1000])
        #expect(abs(efforts[0].seconds - 1000.0 / 3) < 1.5)

        var mixed = SyntheticTrack(origin: Coordinate(latitude: 55.86, longitude: -4.25))
        mixed.legs = [(east: 2000, north: 0)]
        mixed.speed = 5
        mixed.pauses = [(atDistance: 1000, seconds: 60)]
        let fast = BestEffort.efforts(in: Self.profile(mixed), distances: [1000, 2000])
        #expect(abs(fast[0].seconds - 200) < 3)
        // Moving time: the 60 s stop is not counted (a few seconds either side of it are,
        // as the auto-pause rule decides stops over a window).
        #expect(fast[1].seconds > 399 && fast[1].seconds < 410)
    }
}
