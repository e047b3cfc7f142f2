import Foundation
import PacelineCore
import PacelineTestSupport
import Testing

@Suite("Best efforts")
struct BestEffortTests {
    private static func efforts(_ builder: SyntheticTrack, distances: [Double] = BestEffort.recordDistances.map(\.meters)) -> [BestEffort] {
        efforts(builder.build().track, distances: distances)
    }

    private static func efforts(_ track: Track, distances: [Double] = BestEffort.recordDistances.map(\.meters)) -> [BestEffort] {
        let thresholds = SportThresholds.for(.run)
        let (kept, _) = FixFilter(thresholds: thresholds).filter(track)
        let profile = TrackProfile(segments: kept, thresholds: thresholds)
        return BestEffort.efforts(in: profile, credited: CreditedDistance(profile: profile, maximumSpeed: thresholds.maximumSpeed),
                                  distances: distances)
    }

    @Test("at a steady pace every effort takes distance / speed")
    func steady() {
        var builder = SyntheticTrack(origin: Coordinate(latitude: 55.86, longitude: -4.25))
        builder.legs = [(east: 6000, north: 0)]
        builder.speed = 4
        let efforts = Self.efforts(builder)
        #expect(efforts.map(\.distanceMeters) == [400, 1000, 1609.344, 5000])  // 6 km: no 10 km or longer
        for effort in efforts { #expect(abs(effort.seconds - effort.distanceMeters / 4) < 2, "\(effort.distanceMeters) m") }
    }

    @Test("the fastest stretch is found wherever it is, and a stop does not count")
    func fastestStretch() {
        // 3 km at 3 m/s, then 2 km at 5 m/s with a 60 s stop in it, then 1 km at 3 m/s.
        var slow = SyntheticTrack(origin: Coordinate(latitude: 55.86, longitude: -4.25))
        slow.legs = [(east: 3000, north: 0)]
        slow.speed = 3
        let efforts = Self.efforts(slow, distances: [1000])
        #expect(abs(efforts[0].seconds - 1000.0 / 3) < 1.5)

        var mixed = SyntheticTrack(origin: Coordinate(latitude: 55.86, longitude: -4.25))
        mixed.legs = [(east: 2000, north: 0)]
        mixed.speed = 5
        mixed.pauses = [(atDistance: 1000, seconds: 60)]
        let fast = Self.efforts(mixed, distances: [1000, 2000])
        #expect(abs(fast[0].seconds - 200) < 3)
        // Moving time: the 60 s stop is not counted (a few seconds either side of it are,
        // as the auto-pause rule decides stops over a window).
        #expect(fast[1].seconds > 399 && fast[1].seconds < 410)
    }

    @Test("a stretch without trusted times makes no record, however far it goes")
    func untimedStretch() {
        // 1 km in 300 s, then a segment of 999 km whose times all fall within one second,
        // then a few timed fixes: the 999 km counted in the recorded distance would give
        // every record distance in no time at all.
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        // Metres east and north of (0, 0), about a metre's error per km: plenty here.
        func point(east: Double, north: Double) -> Coordinate { Coordinate(latitude: north / 111_320, longitude: east / 111_320) }
        let honest = (0...300).map { i in Fix(time: start.addingTimeInterval(Double(i)), coordinate: point(east: 0, north: Double(i) * 10 / 3)) }
        let forged = (0..<1000).map { i in
            Fix(time: start.addingTimeInterval(301 + Double(i) / 1001), coordinate: point(east: Double(i) * 1000, north: 1000))
        }
        let after = (0..<10).map { i in Fix(time: start.addingTimeInterval(400 + Double(i)), coordinate: point(east: 999_000, north: 1000 + Double(i) * 3)) }
        let efforts = Self.efforts(Track(segments: [honest, forged, after]))
        #expect(efforts.map(\.distanceMeters) == [400, 1000], "no mile or longer made of the forgery")
        #expect(efforts[1].seconds > 299)
    }
}
