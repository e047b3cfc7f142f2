import Foundation
import PacelineCore
import PacelineTestSupport
import Testing

/// The device's odometer is the distance where the file carries it, as on the runner's
/// watch; the positions' measure is kept beside it, and the sport's maximum speed caps an
/// odometer as it caps positions.
@Suite struct DeviceDistanceTests {
    /// A straight run north at `speed` m/s, one fix a second, each with the odometer
    /// `reading(k)` (nil: no odometer).
    static func run(seconds: Int, speed: Double = 3, start: Date = Date(timeIntervalSince1970: 1_700_000_000),
                    reading: (Int) -> Double?) -> [Fix] {
        (0...seconds).map { k in
            var fix = Fix(latitude: 46 + Double(k) * speed / 111_195, longitude: 14.5, time: start.addingTimeInterval(Double(k)))
            fix.distance = reading(k)
            return fix
        }
    }

    static func summary(_ segments: [[Fix]], sport: Sport = .run) -> ActivitySummary {
        ActivitySummary(Activity(format: .fit, sport: sport, track: Track(segments: segments)))
    }

    @Test func theOdometerIsTheDistanceAndTheGPSMeasureIsKeptBeside() throws {
        // A foot pod reading 5 % long: the watch shows 630 m for 600 m of positions.
        let summary = Self.summary([Self.run(seconds: 200) { Double($0) * 3.15 }])
        #expect(summary.distanceSource == .device)
        #expect(abs(summary.distanceMeters - 630) < 1e-9)
        #expect(abs(try #require(summary.gpsDistanceMeters) - 600) < 2)
        #expect(summary.credited.credited == summary.distanceMeters)
        // Splits follow the odometer too: the first kilometre is never reached by GPS.
        #expect(summary.splits.map(\.distanceMeters).reduce(0, +) == summary.distanceMeters)
    }

    @Test func withoutAnOdometerTheDistanceIsMeasuredAlongThePositions() throws {
        let summary = Self.summary([Self.run(seconds: 200) { _ in nil }])
        #expect(summary.distanceSource == .gps)
        #expect(summary.distanceMeters == summary.gpsDistanceMeters)
    }

    @Test func anOdometerThatGoesBackIsNotTrusted() {
        let summary = Self.summary([Self.run(seconds: 200) { $0 == 100 ? 0 : Double($0) * 3.15 }])
        #expect(summary.distanceSource == .gps)
    }

    @Test func aFixWithoutAReadingLeavesTheSegmentToTheGPS() {
        let summary = Self.summary([Self.run(seconds: 200) { $0 == 50 ? nil : Double($0) * 3.15 }])
        #expect(summary.distanceSource == .gps)
    }

    @Test func whatTheOdometerCountedAcrossAPauseCounts() {
        // Lost positions for 60 s, the foot pod still counting: 180 m more.
        let first = Self.run(seconds: 100) { Double($0) * 3 }
        let second = Self.run(seconds: 100, start: Date(timeIntervalSince1970: 1_700_000_160)) { 480 + Double($0) * 3 }
            .map { var fix = $0; fix.coordinate = Coordinate(latitude: fix.coordinate!.latitude + 480 / 111_195, longitude: 14.5); return fix }
        let summary = Self.summary([first, second])
        #expect(abs(summary.distanceMeters - 780) < 1e-9)
    }

    @Test func anOdometerJumpFasterThanTheSportAllowsAcrossABreakAddsNothing() {
        let first = Self.run(seconds: 100) { Double($0) * 3 }
        // 10 km in the 60 s between the segments: 167 m/s, no runner.
        let second = Self.run(seconds: 100, start: Date(timeIntervalSince1970: 1_700_000_160)) { 10_300 + Double($0) * 3 }
        let summary = Self.summary([first, second])
        #expect(abs(summary.distanceMeters - 600) < 1e-9)
    }

    @Test func whatTheOdometerHadCountedBeforeTheFirstPositionIsLeftOut() {
        // A trimmed file (tour_hr.tcx starts at 2,604 m): its own growth is the distance.
        let summary = Self.summary([Self.run(seconds: 200) { 2604 + Double($0) * 3 }])
        #expect(abs(summary.distanceMeters - 600) < 1e-9)
    }

    /// synthetic/vivoactive-before-lock.fit: a vivoactive HR run of 4,841 m whose watch
    /// counted 274 m on records without a position before its GPS found itself (the real
    /// file read 4,567 m against the watch's 4,841 m). Before, 4,565.1 m; now the watch's
    /// 4,841 m, the GPS measure (4,574 m) beside it, and the 93 s before the lock moving time.
    @Test func whatTheWatchCountedBeforeGPSLockCounts() throws {
        let summary = ActivitySummary(try ActivityReader.read(contentsOf: Fixtures.track("synthetic/vivoactive-before-lock.fit")))
        #expect(abs(summary.distanceMeters - 4_841) < 0.01, "\(summary.distanceMeters) m")
        #expect(abs(try #require(summary.gpsDistanceMeters) - 4_574.1) < 1)
        #expect(summary.movingSeconds == summary.elapsedSeconds)
    }

    @Test func recordsBeforeTheFirstPositionCount() {
        // 100 s counted on records without a position (300 m), then 200 s with positions.
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let before = (0..<100).map { k in var fix = Fix(time: start.addingTimeInterval(Double(k))); fix.distance = Double(k) * 3; return fix }
        let after = Self.run(seconds: 200, start: start.addingTimeInterval(100)) { 300 + Double($0) * 3 }
        let summary = Self.summary([before + after])
        #expect(abs(summary.distanceMeters - 900) < 1e-9)
        #expect(abs(try! #require(summary.movingSeconds) - 300) < 1e-9)
    }

    @Test func theFirstSplitStartsAtTheStartNotAtTheFirstPosition() throws {
        // 100 s counted without a position (300 m), then 3,000 s with positions, all at 3 m/s:
        // every whole kilometre takes 333.3 s. The first was measured from the first position,
        // 700 m in 233.3 s, and was the run's fastest "kilometre".
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let before = (0..<100).map { k in var fix = Fix(time: start.addingTimeInterval(Double(k))); fix.distance = Double(k) * 3; return fix }
        let after = Self.run(seconds: 3_000, start: start.addingTimeInterval(100)) { 300 + Double($0) * 3 }
        let splits = Self.summary([before + after]).splits
        #expect(splits.count == 10)
        for split in splits.prefix(9) {
            #expect(abs(split.seconds - 1_000 / 3) < 1e-6 && abs(split.elapsedSeconds - 1_000 / 3) < 1e-6, "\(split)")
        }
        let last = try #require(splits.last)
        #expect(abs(last.distanceMeters - 300) < 1e-6 && abs(last.seconds - 100) < 1e-6)
        #expect(abs(splits.map(\.distanceMeters).reduce(0, +) - 9_300) < 1e-6)
    }

    @Test func aForgedOdometerIsNotTrustedAndNothingFasterThanTheSportIsCredited() {
        // 100 km claimed for a 200 s run: the positions measure it, and 12.5 m/s is the most credited.
        let summary = Self.summary([Self.run(seconds: 200) { Double($0) * 500 }])
        #expect(summary.distanceSource == .gps && abs(summary.distanceMeters - 600) < 2)
        #expect(summary.credited.credited <= 12.5 * 200 + 1e-9)
        // The slack a watch needs as its GPS settles (the fenix 2: 30 m in its second
        // second) is allowed once…
        let settling = Self.summary([Self.run(seconds: 200) { $0 == 0 ? 0 : 30 + Double($0) * 3 }])
        #expect(settling.distanceSource == .device && abs(settling.distanceMeters - 630) < 1e-9)
        // …not at every step: 62 m a second is the sport's 12.5 and 49.5 of slack each second,
        // which a check of neighbouring fixes alone believed (and credited 2,500 m of).
        let edged = Self.summary([Self.run(seconds: 200) { Double($0) * 62 }])
        #expect(edged.distanceSource == .gps && edged.credited.credited <= 12.5 * 200 + 1e-9)
    }

    @Test func splitsStopAtTenThousandKilometres() {
        // A forged 10,500 km at the loosest sport's 70 m/s: no more than 10,000 splits.
        let fixes = (0...150).map { k in
            Fix(latitude: 0, longitude: -170 + Double(k) * 70_000 / 111_320, time: Date(timeIntervalSince1970: 1_700_000_000 + Double(k) * 1001))
        }
        let summary = ActivitySummary(Activity(format: .gpx, sport: .other, track: Track(segments: [fixes])))
        #expect(summary.distanceMeters > 10_000_000)
        #expect(summary.splits.count == Split.maximumCount)
    }

    @Test func anOdometerGrowingFasterThanTheSportIsNotTrusted() {
        // 10,000 km between two fixes a second apart: the positions measure instead.
        let summary = Self.summary([Self.run(seconds: 200) { $0 == 100 ? nil : ($0 < 100 ? 0 : 10_000_000) }.map {
            var fix = $0; fix.distance = fix.distance ?? 0; return fix
        }])
        #expect(summary.distanceSource == .gps && summary.distanceMeters < 700)
    }

    @Test func segmentsOutOfOrderCantSpendTheSameTimeTwiceAcrossBreaks() {
        // The attack: one-fix segments on one spot, alternating early and late times, the
        // odometer reading 0 early and 12,487 m late. Each late one would bridge ~1,000 s.
        var segments: [[Fix]] = []
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        for k in 0..<2000 {
            for (offset, reading) in [(Double(2 * k), 0.0), (1000 + Double(2 * k), 12_487.0)] {
                var fix = Fix(latitude: 46, longitude: 14.5, time: start.addingTimeInterval(offset))
                fix.distance = reading
                segments.append([fix])
            }
        }
        let summary = Self.summary(segments)
        #expect(summary.distanceMeters < 1, "\(summary.distanceMeters) m")
        #expect(summary.credited.credited <= 12.5 * 5000)
    }

    /// synthetic/edge500-gps-gaps.tcx copies an Edge 500 ride with a wheel sensor on a
    /// forest road of hairpins, the GPS lost 30 times for 15-75 s (the real ride was 3.9 %
    /// short of its own total). Before, a gap was bridged only when the odometer grew no
    /// more than twice the straight line plus 50 m: 38,538.5 m of the laps' 40,200 m; now
    /// the odometer's speed across each gap, that of the ride, is what is checked: 40,200 m.
    @Test func theOdometerCountsAcrossGPSGapsOnAWindingRoad() throws {
        let summary = ActivitySummary(try ActivityReader.read(contentsOf: Fixtures.track("synthetic/edge500-gps-gaps.tcx")))
        #expect(summary.segments == 31)
        #expect(abs(summary.distanceMeters - 40_200) < 0.5, "\(summary.distanceMeters) m")
        #expect(abs(summary.credited.credited - summary.distanceMeters) < 1e-6)
        #expect(try #require(summary.averageSpeedMetersPerSecond) < 7.5)
    }

    @Test func aHairpinGapIsBridgedThoughLongerThanTwiceTheStraightLine() {
        // 60 s without positions at 3 m/s round a hairpin: 180 m counted, 20 m apart.
        let first = Self.run(seconds: 100) { Double($0) * 3 }
        let second = Self.run(seconds: 100, start: Date(timeIntervalSince1970: 1_700_000_160)) { 480 + Double($0) * 3 }
            .map { var fix = $0; fix.coordinate = Coordinate(latitude: fix.coordinate!.latitude + 320 / 111_195, longitude: 14.5); return fix }
        #expect(abs(Self.summary([first, second]).distanceMeters - 780) < 1e-9)
    }

    @Test func anOdometerCantFillAGapItsPositionsDidntCross() {
        // Three hours without positions, the odometer 100 km on (9.3 m/s, three times its
        // 3 m/s within the segments), the positions where they were.
        let first = Self.run(seconds: 100) { Double($0) * 3 }
        let second = Self.run(seconds: 100, start: Date(timeIntervalSince1970: 1_700_000_000 + 3 * 3600)) { 100_300 + Double($0) * 3 }
        #expect(abs(Self.summary([first, second]).distanceMeters - 600) < 1e-9)
    }

    /// Every FIT file's own total (the sessions' total distance, as fitdecode reads it)
    /// within 0.1 %; two devices had counted a few metres before their first record, which
    /// Paceline leaves out as it can't check them (the Edge 820's 7 m of 457 m, the
    /// ELEMNT BOLT's 8 m of 964 m).
    @Test(arguments: Fixtures.files(in: "fit", withExtension: "fit") + [Fixtures.track("malformed/elemnt-bolt-no-application-id-inside-developer-data-id.fit")])
    func fitDistanceIsTheDevicesOwn(_ url: URL) throws {
        let key = url.deletingLastPathComponent().lastPathComponent + "/" + url.lastPathComponent
        let reference = try #require(Fixtures.reference[key])
        guard let device = reference["session_total_distance_sum"] as? Double, device > 0 else { return }
        let summary = ActivitySummary(try ActivityReader.read(contentsOf: url))
        #expect(summary.distanceSource == .device)
        let bound = ["garmin-edge-820-bike.fit": 0.016, "elemnt-bolt-no-application-id-inside-developer-data-id.fit": 0.008][url.lastPathComponent] ?? 0.001
        #expect(abs(summary.distanceMeters - device) / device <= bound, "\(key): \(summary.distanceMeters) m vs the device's \(device) m")
    }

    /// TCX files whose laps' distance is that of their trackpoints within 0.5 %; sample.tcx
    /// and tour_hr.tcx are cut from longer activities (their laps say 8.3 and 6.8 km, their
    /// trackpoints cover 3.4 and 1.4 km of it).
    @Test(arguments: ["cross-country-skiing_activity_1.tcx", "garmin_connect.tcx", "mapmyride_biking.tcx", "sup_activity_1.tcx", "test.tcx"])
    func tcxDistanceIsTheDevicesOwn(_ name: String) throws {
        let reference = try #require(Fixtures.reference["tcx/" + name])
        let device = try #require(reference["lap_distance_meters_sum"] as? Double)
        let summary = ActivitySummary(try ActivityReader.read(contentsOf: Fixtures.track("tcx/" + name)))
        #expect(summary.distanceSource == .device)
        #expect(abs(summary.distanceMeters - device) / device <= 0.005, "\(name): \(summary.distanceMeters) m vs the laps' \(device) m")
    }
}
