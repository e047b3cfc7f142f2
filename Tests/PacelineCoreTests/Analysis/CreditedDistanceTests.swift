import Foundation
import PacelineCore
import PacelineTestSupport
import Testing

/// The credited distance: the recorded one, less what the sport's maximum speed says
/// could not have been covered.
@Suite struct CreditedDistanceTests {
    static func summary(_ track: Track, sport: Sport = .run) -> ActivitySummary {
        ActivitySummary(Activity(format: .gpx, sport: sport, track: track))
    }

    @Test("an honest recording is credited its recorded distance exactly", arguments: ["gpx/run.gpx", "fit/garmin-fenix-5-run.fit", "tcx/garmin_connect.tcx"])
    func honestFiles(path: String) throws {
        var activity = try ActivityReader.read(contentsOf: Fixtures.track(path))
        activity.sport = .run
        let summary = ActivitySummary(activity)
        #expect(summary.distanceMeters > 100)
        #expect(summary.credited.credited == summary.distanceMeters && summary.credited.uncredited == 0)
    }

    @Test("noisy synthetic runs, walks and rides with pauses and spikes are credited what they recorded",
          arguments: [(Sport.run, 3.2), (.walk, 1.4), (.ride, 7.5)])
    func honestSynthetic(sport: Sport, speed: Double) {
        var builder = SyntheticTrack(origin: Coordinate(latitude: 46.05, longitude: 14.5))
        builder.legs = [(east: 2000, north: 0), (east: 0, north: 1500), (east: -2000, north: 0)]
        builder.speed = speed
        builder.horizontalNoise = 3
        builder.spikeEvery = 500
        builder.pauses = [(atDistance: 1000, seconds: 120), (atDistance: 3000, seconds: 300)]
        let summary = Self.summary(builder.build().track, sport: sport)
        #expect(summary.credited.credited == summary.distanceMeters && summary.credited.uncredited == 0)
    }

    @Test("999 km in 0.999 s: every time within one second, so nothing is credited")
    func theForgedRun() {
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        let fixes = (0..<1000).map { i in
            Fix(time: start.addingTimeInterval(Double(i) / 1000), coordinate: Coordinate(latitude: 0, longitude: Double(i) * 1000 / 111_320))
        }
        let summary = Self.summary(Track(segments: [fixes]))
        #expect(summary.distanceMeters > 990_000)
        #expect(summary.credited.credited == 0)
        #expect(summary.credited.untimed == summary.distanceMeters && summary.credited.tooFast == 0)
    }

    @Test("growth faster than the maximum is credited at the maximum × its seconds")
    func tooFast() {
        // Ten 100 m steps a second apart, past the fix filter (which would drop them as
        // spikes): 12.5 m/s × 10 s credited on a run, 5 m/s × 10 s on a walk.
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        var segment = FilteredSegment()
        for i in 0...10 {
            segment.append(Coordinate(latitude: Double(i) * 100 / 110_574, longitude: 0), time: start.addingTimeInterval(Double(i)), elevation: nil)
        }
        for (sport, maximum) in [(Sport.run, 12.5), (.walk, 5)] {
            let profile = TrackProfile(segments: [segment], thresholds: .for(sport))
            let credited = CreditedDistance(profile: profile, maximumSpeed: maximum)
            #expect(abs(profile.distance - 1000) < 1)
            #expect(abs(credited.credited - maximum * 10) < 1e-9)
            #expect(abs(credited.tooFast - (profile.distance - maximum * 10)) < 1e-9 && credited.untimed == 0)
            #expect(credited.cumulative[0].count == 11 && credited.cumulative[0].last == credited.credited)
        }
    }

    @Test("a timed stretch beside an untimed one keeps its credit")
    func mixed() {
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        let honest = (0...300).map { i in
            Fix(time: start.addingTimeInterval(Double(i)), coordinate: Coordinate(latitude: Double(i) * 10 / 3 / 110_574, longitude: 0))
        }
        let forged = (0..<100).map { i in
            Fix(time: start.addingTimeInterval(301 + Double(i) / 200), coordinate: Coordinate(latitude: 0.01, longitude: Double(i) * 1000 / 111_320))
        }
        let summary = Self.summary(Track(segments: [honest, forged]))
        let alone = Self.summary(Track(segments: [honest]))
        #expect(abs(summary.credited.credited - alone.distanceMeters) < 1e-6)
        #expect(abs(summary.credited.untimed - (summary.distanceMeters - alone.distanceMeters)) < 1e-6)
    }
}
