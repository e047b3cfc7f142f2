import Foundation
import PacelineCore
import PacelineTestSupport
import Testing

@Suite("Compact track")
struct CompactTrackTests {
    static let files = ["gpx/run.gpx", "gpx/multitrackgpx.gpx", "tcx/garmin_connect.tcx", "fit/garmin-fenix-5-run.fit",
                        "fit/activity-large-fenxi2-multisport.fit", "gpx/track-with-empty-segment.gpx"]

    @Test("a round trip keeps every fix within the stored resolution", arguments: files)
    func roundTrip(path: String) throws {
        let activity = try ActivityReader.read(contentsOf: Fixtures.track(path))
        let blob = CompactTrack.encode(activity.track, barometric: activity.hasBarometricElevation)
        let (track, barometric) = try CompactTrack.decode(blob)
        #expect(barometric == activity.hasBarometricElevation)
        #expect(track.segments.map(\.count) == activity.track.segments.map(\.count))
        for (a, b) in zip(activity.track.fixes, track.fixes) {
            #expect((a.time == nil) == (b.time == nil) && (a.coordinate == nil) == (b.coordinate == nil))
            if let ta = a.time, let tb = b.time { #expect(abs(ta.timeIntervalSince(tb)) <= 0.0005) }
            if let ca = a.coordinate, let cb = b.coordinate {
                #expect(abs(ca.latitude - cb.latitude) <= 5e-8 && abs(ca.longitude - cb.longitude) <= 5e-8)
            }
            #expect(a.heartRate == b.heartRate && a.cadence == b.cadence && a.power == b.power)
            if let ea = a.elevation, let eb = b.elevation { #expect(abs(ea - eb) <= 0.005) } else { #expect(a.elevation == b.elevation) }
        }
        var decoded = activity
        decoded.track = track
        #expect(abs(ActivitySummary(decoded).distanceMeters - ActivitySummary(activity).distanceMeters) < 0.5)
        let stored = activity.track.fixes.map(CompactTrack.stored)
        #expect(stored == track.fixes, "stored(_:) is the round trip, fix by fix")
        // A few bytes per fix, against 88 in memory.
        #expect(Double(blob.count) / Double(max(1, activity.track.fixCount)) < 24)
    }

    @Test("damaged blobs are refused with an error, never a crash")
    func damaged() throws {
        let activity = try ActivityReader.read(contentsOf: Fixtures.track("gpx/run.gpx"))
        let blob = CompactTrack.encode(activity.track)
        #expect(throws: ActivityFileError.self) { try CompactTrack.decode(blob.prefix(blob.count / 2)) }
        #expect(throws: ActivityFileError.self) { try CompactTrack.decode(Data("nonsense".utf8)) }
        #expect(throws: ActivityFileError.self) { try CompactTrack.decode(Data("PLT1".utf8) + Data([0, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F])) }
    }
}

@Suite("Calories")
struct CaloriesTests {
    @Test("MET × kg × hours, from the Compendium's speeds")
    func compendium() {
        // Running at 9.7 km/h is MET 9.8: one hour at 70 kg is 686 kcal.
        #expect(abs(Calories.kilocalories(sport: .run, averageSpeed: 9.7 / 3.6, movingSeconds: 3600, weight: 70) - 686) < 0.01)
        // Walking at 4.8 km/h is MET 3.5; the default weight is 70 kg.
        #expect(abs(Calories.kilocalories(sport: .walk, averageSpeed: 4.8 / 3.6, movingSeconds: 1800, weight: nil) - 122.5) < 0.01)
        // Between table speeds the MET is interpolated; beyond them it is held.
        let between = Calories.met(sport: .run, speed: 10.25 / 3.6)
        #expect(between > 9.8 && between < 10.5)
        #expect(Calories.met(sport: .run, speed: 40) == 23)
        #expect(Calories.kilocalories(sport: .run, averageSpeed: 3, movingSeconds: 0, weight: 80) == 0)
    }
}
