import Foundation
import PacelineCore
import PacelineTestSupport
import Testing

/// Sparse files that carry the device's distance: distance, moving time and pace are one
/// measure, and no record is made where there were no timed positions.
@Suite struct SparseFileTests {
    static func profiled(_ path: String) throws -> (summary: ActivitySummary, efforts: [BestEffort]) {
        let activity = try ActivityReader.read(contentsOf: Fixtures.track(path))
        let thresholds = SportThresholds.for(activity.sport)
        let (kept, dropped) = FixFilter(thresholds: thresholds).filter(activity.track)
        let profile = TrackProfile(segments: kept, thresholds: thresholds)
        let summary = ActivitySummary(activity, profile: profile, dropped: dropped, thresholds: thresholds)
        return (summary, BestEffort.efforts(in: profile, credited: summary.credited))
    }

    /// tcx/sample.tcx, a Forerunner 305's 19 trackpoints over 24 minutes in three `<Track>`s
    /// with the odometer's 3,441 m (the issue saw moving time 57 s, 60 m/s and records of
    /// 400 m, 1 km and 1 mile in 0 s; issue 35 gave the bridges their time, which still
    /// left a 1 km in 369 s made of 1.8 km counted across 11 minutes without a position).
    /// Its stretches with positions cover 167, 3 and 7 m: no record at all.
    @Test func sampleTCXMakesNoRecordFromItsBridges() throws {
        let (summary, efforts) = try Self.profiled("tcx/sample.tcx")
        #expect(abs(summary.distanceMeters - 3441.17) < 0.01)
        #expect(efforts.isEmpty, "\(efforts)")
        let average = try #require(summary.averageSpeedMetersPerSecond)
        #expect(average <= SportThresholds.for(.run).maximumSpeed)
        #expect(abs(average - summary.credited.credited / (summary.movingSeconds ?? 0)) < 1e-9)
        #expect(try #require(summary.maxSpeedMetersPerSecond) < 4)
    }
}
