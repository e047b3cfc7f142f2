import Foundation
import PacelineCore
import PacelineTestSupport
import Testing

/// A device clock set part-way through an activity (`Track.rebasingClockJumps`): one
/// activity whose clock jumped, not a second recording.
@Suite struct ClockJumpTests {
    /// synthetic/edge500-clock-jump.fit copies an Edge 500 ride of 43.7 km whose clock,
    /// two years and 3 h 17 min behind, is set from GPS 1.1 km in (the real file was read as
    /// 1.1 km, 1,649 fixes dropped as overlapping). Before, the ride was dated 2022-05-19
    /// 03:54, two years early; now it starts when its session says (07:12:04, within the
    /// one interval the jump is given) and takes the ride's time, not two years.
    @Test func aClockSetMidRideIsOneRideOnTheSetClock() throws {
        let activities = try ActivityReader.readAll(contentsOf: Fixtures.track("synthetic/edge500-clock-jump.fit"))
        #expect(activities.count == 1)
        let summary = ActivitySummary(try #require(activities.first))
        let start = try #require(summary.startTime)
        #expect(abs(start.timeIntervalSince(try Self.date("2024-05-18T07:12:04Z"))) <= 6)
        #expect(abs(try #require(summary.elapsedSeconds) - 5855) <= 3)
        #expect(summary.dropped.overlapping == 0 && summary.dropped.timeReversals == 0 && summary.dropped.spikes == 0)
        #expect(summary.distanceMeters == 43_700)
        #expect(abs(try #require(summary.gpsDistanceMeters) - 43_700) / 43_700 < 0.005)
    }

    /// A night spent in one place in one segment is not a jump of the clock, though the
    /// morning's first fix is 5 m of GPS drift from the evening's last: its times stay.
    @Test func aNightInOnePlaceKeepsItsTimes() throws {
        let morning = Date(timeIntervalSince1970: 1_700_000_000)
        let fixes = (0..<20).map { k in
            Fix(latitude: 46 + (Double(min(k, 10)) * 3 + (k >= 11 ? 5 : 0)) / 111_195, longitude: 14.5,
                time: morning.addingTimeInterval(Double(k) + (k >= 11 ? 10 * 3600 : 0)))
        }
        let track = Track(segments: [fixes])
        #expect(track.rebasingClockJumps() == track)
    }

    static func date(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }
}
