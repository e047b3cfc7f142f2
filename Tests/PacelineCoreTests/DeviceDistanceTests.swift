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

    @Test func aForgedOdometerIsCreditedNoFasterThanTheSport() {
        // 100 km claimed for a 200 s run: the run's 12.5 m/s is all that can be credited.
        let summary = Self.summary([Self.run(seconds: 200) { Double($0) * 500 }])
        #expect(summary.distanceMeters == 100_000)
        #expect(summary.credited.credited <= 12.5 * 200 + 1e-9)
        #expect(summary.credited.tooFast > 97_000)
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
