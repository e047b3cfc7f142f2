import Foundation
import PacelineCore
import PacelineTestSupport
import Testing

/// Elevation from a phone without a barometer: satellite altitude, off by metres on every
/// fix, is smoothed along the road; its steps are not judged as an altimeter's.
@Suite struct PhoneElevationTests {
    /// synthetic/phone-elevation.gpx: a phone's run over three hills of 40 m (120 m of
    /// climbing), 2 m of error on each fix's altitude (the real file counted 184 m, +53 %).
    /// Before, 206.8 m (+72 %): steps above 5 m/s, one second in thirteen with such noise,
    /// were removed by shifting the rest of the profile, a random walk counted as climbing.
    /// Now within 15 % (122 m).
    @Test func threeHillsOfFortyMetresClimb120() throws {
        let summary = ActivitySummary(try ActivityReader.read(contentsOf: Fixtures.track("synthetic/phone-elevation.gpx")))
        #expect(summary.ascentSource == .elevations)
        let ascent = try #require(summary.ascentMeters)
        #expect(abs(ascent - 120) / 120 <= 0.15, "\(ascent) m")
        #expect(abs(try #require(summary.descentMeters) - 120) / 120 <= 0.15)
    }
}
