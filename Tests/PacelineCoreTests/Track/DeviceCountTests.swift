import Foundation
import PacelineCore
import PacelineTestSupport
import Testing

/// Where the device counted the distance (records, laps, sessions), that is the distance;
/// the positions draw the map, and their measure stays beside it
/// (`Activity.countingDeviceDistance`).
@Suite struct DeviceCountTests {
    static func summary(_ path: String) throws -> ActivitySummary {
        ActivitySummary(try ActivityReader.read(contentsOf: Fixtures.track(path)))
    }

    /// synthetic/suunto-trail-battery-saver.fit: a Suunto trail run with a position on 30 %
    /// of its records, the watch's distance on all but the first five (8,225 m; the real
    /// file's positions measured 7,301 m, −11 %). Before, 7,288.6 m along the positions; now
    /// the watch's count, short only of what it counted after its last position (23 m).
    @Test func aWatchSavingBatteryKeepsItsCount() throws {
        let summary = try Self.summary("synthetic/suunto-trail-battery-saver.fit")
        #expect(summary.distanceSource == .device)
        #expect(abs(summary.distanceMeters - 8_225) / 8_225 < 0.005, "\(summary.distanceMeters) m")
        #expect(abs(try #require(summary.gpsDistanceMeters) - 7_288.6) < 1)
        #expect(abs(summary.credited.credited - summary.distanceMeters) < 1e-6)
    }

    /// synthetic/suunto-spartan-laps.tcx: 32 laps totalling 5,729 m, trackpoints every 10 s
    /// without DistanceMeters (the real file read 4,822 m, −16 %). Before, 4,859.0 m; now the
    /// laps' metres spread over their time, short only of the last trackpoint's few seconds.
    @Test func lapsWithTheWatchsDistanceAreTheDistance() throws {
        let summary = try Self.summary("synthetic/suunto-spartan-laps.tcx")
        #expect(summary.distanceSource == .device)
        #expect(abs(summary.distanceMeters - 5_729) / 5_729 < 0.005, "\(summary.distanceMeters) m")
        #expect(abs(try #require(summary.gpsDistanceMeters) - 4_859.0) < 1)
    }

    /// synthetic/coros-open-water.fit: a 975 m swim, positions only when the wrist is out of
    /// the water, the count in the lap and session only (the real file read 920 m). Before,
    /// 916.9 m; now 975 m.
    @Test func anOpenWaterSwimIsTheWatchsCount() throws {
        let summary = try Self.summary("synthetic/coros-open-water.fit")
        #expect(summary.sport == .swim && summary.distanceSource == .device)
        #expect(abs(summary.distanceMeters - 975) < 0.01, "\(summary.distanceMeters) m")
        #expect(try #require(summary.averageSpeedMetersPerSecond) <= SportThresholds.for(.swim).maximumSpeed)
    }

    /// synthetic/zwift-virtual-ride.fit: a Zwift ride (sub_sport virtual_activity) of
    /// 26.4 km on the trainer, its positions on a game world drawn 11.8 % large, a warp
    /// half-way, no distance on its first three records (the real file: 613 positions
    /// dropped as spikes, +11.8 %). Before, 27,946.1 m and not known to be virtual; now the
    /// trainer's 26,400 m, and virtual (no route, segment or heat-map line on the server).
    @Test func aVirtualRideIsTheTrainersDistance() throws {
        let activity = try ActivityReader.read(contentsOf: Fixtures.track("synthetic/zwift-virtual-ride.fit"))
        #expect(activity.isVirtual)
        let summary = ActivitySummary(activity)
        #expect(abs(summary.distanceMeters - 26_400) < 0.01, "\(summary.distanceMeters) m")
        #expect(try #require(summary.gpsDistanceMeters) > 29_000)
    }

    /// tcx/sample.tcx's lap says 8,348.5 m over 2,325 s, its trackpoints 3,441 m over 1,431 s:
    /// cut from a longer activity, the lap does not span the track, and the trackpoints'
    /// own odometer stays the distance.
    @Test func aLapCutShortOfItsTrackSaysNothing() throws {
        #expect(abs(try Self.summary("tcx/sample.tcx").distanceMeters - 3_441.17) < 0.01)
    }
}
