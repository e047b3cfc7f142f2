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

    /// The device's own total ascent, within 10 %: barometric altimeters (ELEMNT, COROS,
    /// fenix 2, Edge 810, Forerunner 920XT), a GPS-only Forerunner 110 and Zwift's virtual
    /// altitude. docs/ALGORITHMS.md ("Ascent and descent") has the table and explains the
    /// files below whose totals are not comparable as they stand.
    @Test(arguments: [
        "fit/2019-02-17-062644-ELEMNT-297E-195-0.fit", "fit/coros-pace-2-cycling-misaligned-fields.fit",
        "fit/activity-large-fenxi2-multisport.fit", "fit/2013-02-06-12-11-14.fit",
        "fit/Edge810-Vector-2013-08-16-15-35-10.fit", "fit/activity-small-fenix2-run.fit",
        "fit/sample_mulitple_header.fit", "fit/null_compressed_speed_dist.fit",
    ])
    func ascentMatchesTheDevice(_ path: String) throws {
        let activity = try ActivityReader.read(contentsOf: Fixtures.track(path))
        let device = try #require(activity.deviceTotals?.ascentMeters)
        let ours = try #require(Self.countedAscent(activity))
        #expect(abs(ours - device) / device <= 0.10, "\(path): \(ours) vs device \(device)")
    }

    /// The Edge 500's total (541 m) also counts the altitude's drift while the bike stood
    /// in its 47 auto-pauses (16 m up, the bike moving 10 m at most); Paceline counts nothing
    /// across a pause. Over the same data as the device, the pauses kept, it agrees.
    @Test func edge500AgreesOverTheDataItCounted() throws {
        var activity = try ActivityReader.read(contentsOf: Fixtures.track("fit/garmin-edge-500-activity.fit"))
        let device = try #require(activity.deviceTotals?.ascentMeters)
        activity.track = Track(segments: [activity.track.fixes])
        let ours = try #require(Self.countedAscent(activity))
        #expect(abs(ours - device) / device <= 0.10, "\(ours) vs device \(device)")
    }

    /// The Edge 200 recorded a fix every 7 s or so but counted climbs at 1 Hz: its 66 m is
    /// more than every rise between the file's fixes added together, so no count of the
    /// file can reach it. Ours stays within 20 %.
    @Test func edge200TotalIsOutOfReachOfItsFile() throws {
        let activity = try ActivityReader.read(contentsOf: Fixtures.track("fit/2015-10-13-08-43-15.fit"))
        let device = try #require(activity.deviceTotals?.ascentMeters)
        let elevations = activity.track.fixes.compactMap(\.elevation)
        let everyRise = zip(elevations, elevations.dropFirst()).reduce(0) { $0 + max(0, $1.1 - $1.0) }
        #expect(everyRise < device)
        let ours = try #require(Self.countedAscent(activity))
        #expect(abs(ours - device) / device <= 0.20, "\(ours) vs device \(device)")
    }

    /// Activities of about a minute whose devices counted 0–4 m: 10 % of that is below the
    /// metre the device rounds to, so ours must be within one hysteresis band (3 m).
    @Test(arguments: [
        "fit/garmin-fenix-5-run.fit", "fit/garmin-fenix-5-walk.fit", "fit/garmin-fenix-5-bike.fit",
        "fit/garmin-edge-820-bike.fit", "fit/sample-activity-indoor-trainer.fit",
    ])
    func smallAscentsAgreeWithinTheBand(_ path: String) throws {
        let activity = try ActivityReader.read(contentsOf: Fixtures.track(path))
        let device = try #require(activity.deviceTotals?.ascentMeters)
        let ours = try #require(Self.countedAscent(activity))
        #expect(abs(ours - device) <= SportThresholds.for(activity.sport).elevationHysteresis, "\(path): \(ours) vs \(device)")
    }

    /// A file with the device's own total ascent shows it as it stands, as the watch did.
    @Test(arguments: ["fit/2013-02-06-12-11-14.fit", "fit/garmin-edge-500-activity.fit", "fit/2015-10-13-08-43-15.fit"])
    func theDevicesTotalAscentIsShown(_ path: String) throws {
        let activity = try ActivityReader.read(contentsOf: Fixtures.track(path))
        let summary = ActivitySummary(activity)
        #expect(summary.ascentSource == .device)
        #expect(summary.ascentMeters == activity.deviceTotals?.ascentMeters)
        #expect(summary.descentMeters == activity.deviceTotals?.descentMeters)
    }

    /// The ascent Paceline counts from the elevations, the device's own total set aside:
    /// what a file without one gets, compared above with the totals of files that have one.
    static func countedAscent(_ activity: Activity) -> Double? {
        var activity = activity
        activity.deviceTotals = nil
        let summary = ActivitySummary(activity)
        return summary.ascentSource == .elevations ? summary.ascentMeters : nil
    }
}
