import Foundation
import PacelineTestSupport
import Testing
@testable import PacelineCore

/// Statistics on the real corpus against peers (gpxpy) and device totals.
@Suite struct CorpusStatisticsTests {
    /// Timed GPX tracks whose distance differs from gpxpy's length_2d by more than 0.5 %,
    /// each for a reason docs/ALGORITHMS.md ("Distance against gpxpy") explains, with the
    /// bound the difference stays within.
    static let explained: [String: Double] = [
        "garmin_with_extensions.gpx": 0.06,   // hours of stops: gpxpy sums the jitter path
        "cerknicko-jezero.gpx": 0.035,        // GPS-acquisition jumps dropped as spikes, stops
        "blue_hills.gpx": 0.02,               // 2001 SA-era jumps of 30 m/s between 4 s fixes
        "around-visnjan-with-car.gpx": 0.02,  // stop at a junction; smoothing on slow bends
        "track-with-empty-segment.gpx": 0.02, // 9 fixes: a 1.3 m wiggle is 1.5 %
        "garmin-activity.gpx": 0.006,         // a run with traffic-light stops
    ]

    @Test(arguments: Fixtures.files(in: "gpx", withExtension: "gpx"))
    func distanceAgreesWithGpxpy(_ url: URL) throws {
        let reference = try #require(Fixtures.reference["gpx/" + url.lastPathComponent])
        let gpxpy = try #require(reference["length_2d"] as? Double)
        guard gpxpy > 0 else { return }
        let summary = ActivitySummary(try ActivityReader.read(contentsOf: url))
        let bound = Self.explained[url.lastPathComponent] ?? 0.005
        let difference = abs(summary.distanceMeters - gpxpy) / gpxpy
        #expect(difference <= bound, "\(url.lastPathComponent): \(summary.distanceMeters) m vs gpxpy \(gpxpy) m")
    }

    @Test func ascentMatchesTheDEMValueGPSiesWrote() throws {
        // gpsies:totalAscentMeter 91.0 from GPSies' DEM-corrected elevations.
        let summary = ActivitySummary(try ActivityReader.read(contentsOf: Fixtures.track("gpx/gpsies_example.gpx")))
        #expect(abs(summary.ascentMeters! - 91) / 91 < 0.10)
    }

    /// Barometric devices' own total ascent, where ours is within 10 % (docs/ALGORITHMS.md
    /// lists the three files where it is not).
    @Test(arguments: [
        "fit/2019-02-17-062644-ELEMNT-297E-195-0.fit", "fit/coros-pace-2-cycling-misaligned-fields.fit",
        "fit/activity-large-fenxi2-multisport.fit", "fit/2013-02-06-12-11-14.fit",
    ])
    func ascentMatchesTheDevice(_ path: String) throws {
        let activity = try ActivityReader.read(contentsOf: Fixtures.track(path))
        let device = try #require(activity.deviceTotals?.ascentMeters)
        let ours = try #require(ActivitySummary(activity).ascentMeters)
        #expect(abs(ours - device) / device <= 0.10, "\(path): \(ours) vs device \(device)")
    }

    @Test func fitDistanceAgreesWithTheDevice() throws {
        for path in ["fit/garmin-edge-500-activity.fit", "fit/2019-02-17-062644-ELEMNT-297E-195-0.fit", "fit/activity-small-fenix2-run.fit"] {
            let activity = try ActivityReader.read(contentsOf: Fixtures.track(path))
            let device = try #require(activity.deviceTotals?.distanceMeters)
            let ours = ActivitySummary(activity).distanceMeters
            #expect(abs(ours - device) / device < 0.02, "\(path): \(ours) vs \(device)")
        }
    }
}
