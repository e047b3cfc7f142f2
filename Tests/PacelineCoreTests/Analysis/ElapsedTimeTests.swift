import Foundation
import PacelineCore
import PacelineTestSupport
import Testing

/// Elapsed time with what a device's clock got wrong left out.
@Suite struct ElapsedTimeTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// A run north at 3 m/s, one fix a second, from `offset` seconds and `metres` north.
    static func run(seconds: Int, from offset: Double = 0, metres: Double = 0) -> [Fix] {
        (0...seconds).map { k in
            Fix(latitude: 46 + (metres + Double(k) * 3) / 111_195, longitude: 14.5, time: start.addingTimeInterval(offset + Double(k)))
        }
    }

    static func summary(_ segments: [[Fix]]) -> ActivitySummary {
        ActivitySummary(Activity(format: .gpx, sport: .run, track: Track(segments: segments)))
    }

    @Test func aTrackWrittenTwiceIsReadOnce() throws {
        let once = Self.summary([Self.run(seconds: 600)])
        let twice = Self.summary([Self.run(seconds: 600), Self.run(seconds: 600)])
        #expect(twice.elapsedSeconds == 600 && once.elapsedSeconds == 600)
        #expect(twice.movingSeconds == once.movingSeconds && twice.distanceMeters == once.distanceMeters)
        #expect(twice.dropped.overlapping == 601)
        #expect(try #require(twice.movingSeconds) <= 600)
    }

    @Test func tenThousandSegmentsInReverseOrderAreAllKept() {
        // The filter's record of covered times stays cheap and exact in the worst order.
        let segments = (0..<10_000).reversed().map { k in Self.run(seconds: 1, from: Double(k) * 10, metres: Double(k) * 30) }
        let summary = Self.summary(segments)
        #expect(summary.dropped.overlapping == 0)
        #expect(summary.elapsedSeconds == 99_991)
    }

    @Test func tracksOutOfOrderAddNoTime() {
        // The second half written first.
        let summary = Self.summary([Self.run(seconds: 300, from: 301, metres: 903), Self.run(seconds: 300)])
        #expect(summary.elapsedSeconds == 601)
        #expect(summary.startTime == Self.start && summary.endTime == Self.start.addingTimeInterval(601))
    }

    @Test func aJumpOfTheClockWithNoMovementIsNotTime() {
        // The clock leaps 5 hours between two fixes a second's run apart.
        let summary = Self.summary([Self.run(seconds: 300) + Self.run(seconds: 300, from: 5 * 3600, metres: 903)])
        #expect(summary.elapsedSeconds == 600)
    }

    @Test func hoursAcrossWhichTheAthleteMovedAreTime() {
        // GPS off for 4 hours of hiking: 10 km further on.
        let summary = Self.summary([Self.run(seconds: 300), Self.run(seconds: 300, from: 4 * 3600, metres: 10_000)])
        #expect(summary.elapsedSeconds.map { $0 - 14_700 } == 0)
    }

    @Test func aTrailingRecordWithoutPositionDoesNotStretchTheActivity() {
        var fixes = Self.run(seconds: 600)
        fixes.insert(Fix(time: Self.start.addingTimeInterval(-20), heartRate: 90), at: 0)  // before the GPS found itself: counts
        fixes.append(Fix(time: Self.start.addingTimeInterval(1200), heartRate: 80))       // saved ten minutes later: doesn't
        let summary = Self.summary([fixes])
        #expect(summary.elapsedSeconds == 620)
        #expect(summary.endTime == Self.start.addingTimeInterval(600))
    }

    /// Corpus files that are several outings in one file: their elapsed time is the time
    /// spent, not the months between (blue_hills.gpx: June, October and May 2001).
    @Test(arguments: [("gpx/blue_hills.gpx", 42_875.0), ("gpx/multitrackgpx.gpx", 1476), ("gpx/osm.gpx", 163),
                      ("gpx/caltopo-export.gpx", 17_700), ("tcx/test.tcx", 1991)])
    func corpusFiles(_ path: String, _ seconds: Double) throws {
        let summary = ActivitySummary(try ActivityReader.read(contentsOf: Fixtures.track(path)))
        #expect(summary.elapsedSeconds == seconds)
        #expect((summary.movingSeconds ?? 0) <= seconds)
    }
}
