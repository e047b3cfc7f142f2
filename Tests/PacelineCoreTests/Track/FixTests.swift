import Foundation
import Testing
@testable import PacelineCore

/// `Fix` stores its optionals compactly; it must still behave as nine optionals.
@Suite struct FixTests {
    @Test func everyFieldRoundTrips() {
        let time = Date(timeIntervalSince1970: 1_709_251_199.25)
        var fix = Fix(time: time, coordinate: Coordinate(latitude: -33.5, longitude: 151.25), elevation: -12.5,
                      horizontalAccuracy: 4, speed: 3.5, distance: 1234.5, heartRate: 151, cadence: 88, power: 250)
        #expect(fix.time == time)
        #expect(fix.coordinate == Coordinate(latitude: -33.5, longitude: 151.25))
        #expect(fix.elevation == -12.5 && fix.horizontalAccuracy == 4 && fix.speed == 3.5 && fix.distance == 1234.5)
        #expect(fix.heartRate == 151 && fix.cadence == 88 && fix.power == 250)
        fix.elevation = nil
        fix.coordinate = nil
        #expect(fix.elevation == nil && fix.coordinate == nil && fix.heartRate == 151)
        #expect(Fix().time == nil && Fix().power == nil && MemoryLayout<Fix>.stride <= 88)
    }

    @Test func absentIsNotZero() {
        #expect(Fix(elevation: 0) != Fix())
        #expect(Fix(heartRate: 0) != Fix())
        var fix = Fix(elevation: 5)
        fix.elevation = nil
        #expect(fix == Fix())
        #expect(fix.hashValue == Fix().hashValue)
        #expect(Fix(elevation: .nan) != Fix(elevation: .nan))  // as Double? compares
    }
}
