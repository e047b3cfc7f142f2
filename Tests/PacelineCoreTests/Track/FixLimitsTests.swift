import Foundation
import PacelineCore
import Testing

/// Numbers from outside: what can't be true is left out before anything is computed.
@Suite struct FixLimitsTests {
    let now = Date(timeIntervalSince1970: 1_780_000_000)
    var limits: FixLimits { FixLimits(now: now) }

    func fix(latitude: Double = 55.9, longitude: Double = -4.2, time: Date? = nil, elevation: Double? = nil) -> Fix {
        Fix(time: time ?? now, coordinate: Coordinate(latitude: latitude, longitude: longitude), elevation: elevation)
    }

    @Test func aPositionOffTheEarthDropsTheFix() {
        for (latitude, longitude, field) in [(95.0, 0.0, FixLimits.Field.latitude), (.nan, 0, .latitude), (0, -180.5, .longitude),
                                             (0, .infinity, .longitude)] {
            let (kept, problems) = limits.screen(fix(latitude: latitude, longitude: longitude))
            #expect(kept == nil && problems == [field], "\(latitude), \(longitude)")
        }
        for accuracy in [-1, .nan, 20_000.0] {
            var inaccurate = fix()
            inaccurate.horizontalAccuracy = accuracy
            #expect(limits.screen(inaccurate).fix == nil, "accuracy \(accuracy)")
        }
        #expect(limits.screen(fix(latitude: -90, longitude: 180)).fix != nil)
    }

    @Test func anAbsurdValueIsRemovedAndTheFixKept() {
        for elevation in [1e308, -1e308, .infinity, 50_000, -600] {
            let (kept, problems) = limits.screen(fix(elevation: elevation))
            #expect(kept?.elevation == nil && kept?.coordinate != nil && problems == [.elevation], "\(elevation)")
        }
        for elevation in [-430.0, 8_849, 0] { #expect(limits.screen(fix(elevation: elevation)).fix?.elevation == elevation) }
        var sensors = fix()
        (sensors.heartRate, sensors.cadence, sensors.power, sensors.speed, sensors.distance) = (0, 400, 9_000, -1, .infinity)
        let (kept, problems) = limits.screen(sensors)
        #expect(kept?.heartRate == nil && kept?.cadence == nil && kept?.power == nil && kept?.speed == nil && kept?.distance == nil)
        #expect(problems == [.speed, .distance, .heartRate, .cadence, .power])
    }

    @Test func timesFrom1990ToADayAhead() {
        let bad = [Date(timeIntervalSince1970: 315_532_800) /* 1980 */, now.addingTimeInterval(2 * 86_400),
                   Date(timeIntervalSince1970: -2_147_483_648) /* 1901 */]
        for time in bad {
            let (kept, problems) = limits.screen(fix(time: time))
            #expect(kept?.time == nil && kept?.coordinate != nil && problems == [.time], "\(time)")
        }
        for time in [FixLimits.earliestTime, now.addingTimeInterval(23 * 3600)] { #expect(limits.screen(fix(time: time)).fix?.time == time) }
    }

    @Test func aScreenedTrackSaysWhatItLeftOut() {
        let track = Track(segments: [[fix(elevation: 1e308), fix(latitude: 100), fix()], [], [fix(elevation: 12)]])
        let (screened, screening) = limits.screen(track)
        #expect(screened.segments.map(\.count) == [2, 0, 1])
        #expect(screening.droppedFixes == [.latitude: 1] && screening.removedValues == [.elevation: 1])
        #expect(screening.description == "1 fix dropped (latitude outside -90…90°: 1); 1 value removed (elevation outside -500…9000 m: 1)")
        #expect(limits.screen(Track(segments: [[fix()]])).screening.isEmpty)
    }

    @Test func anUntimedFixInATimedSegmentIsLeftOutOfIt() {
        // Its time was impossible and removed: the segment keeps its times (and moving
        // time) instead of becoming untimed.
        let fixes = (0..<60).map { i in fix(latitude: 55.9 + Double(i) * 3 / 111_320, time: now.addingTimeInterval(Double(i))) }
        var track = Track(segments: [fixes])
        track.segments[0][30].time = Date(timeIntervalSince1970: 315_532_800)
        let screened = limits.screen(track).track
        let (kept, counts) = FixFilter(thresholds: .for(.run)).filter(screened)
        #expect(counts.untimed == 1 && kept.count == 1 && kept[0].times?.count == 59)
        #expect((ActivitySummary(Activity(format: .gpx, sport: .run, track: screened)).movingSeconds ?? 0) > 50)
    }
}
