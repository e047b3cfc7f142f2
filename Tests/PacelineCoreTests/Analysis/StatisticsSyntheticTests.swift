import Foundation
import PacelineTestSupport
import Testing
@testable import PacelineCore

/// Statistics against tracks whose truth is known: distance within 0.5 %, moving time
/// within 2 %, ascent within 10 %, with realistic noise, spikes and pauses.
@Suite struct StatisticsSyntheticTests {
    static let origin = Coordinate(latitude: 46.05, longitude: 14.5)

    /// A 10 km square loop with rolling hills (30 m amplitude every 2 km). Noisy: a phone's
    /// GPS (`SyntheticTrack`'s noise model): 3 m of horizontal and of vertical wander (the
    /// altitude error's standard deviation is 4.3 m; over a minute it changes by 2.8 m),
    /// 0.5 m of white jitter, and a fix thrown 500 m off every 500 fixes.
    static func loop(sport: Sport, speed: Double, noisy: Bool,
                     pauses: [(Double, Double)] = []) -> (Activity, SyntheticTrack.Truth) {
        var builder = SyntheticTrack(origin: origin)
        builder.legs = [(2500, 0), (0, 2500), (-2500, 0), (0, -2500)]
        builder.speed = speed
        builder.pauses = pauses.map { (atDistance: $0.0, seconds: $0.1) }
        builder.elevation = { d in 300 + 30 * sin(d / 2000 * 2 * .pi) }
        if noisy {
            builder.horizontalNoise = 3
            builder.verticalNoise = 3
            builder.spikeEvery = 500
        }
        let (track, truth) = builder.build()
        return (Activity(format: .gpx, sport: sport, track: track), truth)
    }

    @Test func cleanTrackIsExact() {
        let (activity, truth) = Self.loop(sport: .run, speed: 3, noisy: false)
        let summary = ActivitySummary(activity)
        // Smoothing cuts each of the square's four right-angle corners by about a metre.
        #expect(abs(summary.distanceMeters - truth.distance) / truth.distance < 0.002)
        #expect(abs(summary.movingSeconds! - truth.movingSeconds) < 2)
        #expect(abs(summary.ascentMeters! - truth.ascent) / truth.ascent < 0.10)
        #expect(summary.splits.count == 10)
        #expect(abs(summary.splits[0].seconds - 1000 / 3) < 1)
        #expect(abs(summary.maxSpeedMetersPerSecond! - 3) < 0.3)
    }

    /// Every speed with a phone's noise. The walk's ascent is the closest call (+9.8 %):
    /// a walker lingers longest at each hill top and valley floor, where the altitude's
    /// wander adds its extreme (docs/ALGORITHMS.md, "Synthetic tracks with known truth").
    @Test(arguments: [(Sport.run, 3.2), (Sport.walk, 1.4), (Sport.ride, 7.5)])
    func noisyTrackWithPausesAndSpikes(sport: Sport, speed: Double) {
        let (activity, truth) = Self.loop(sport: sport, speed: speed, noisy: true, pauses: [(2000, 120), (6500, 300)])
        let summary = ActivitySummary(activity)
        #expect(abs(summary.distanceMeters - truth.distance) / truth.distance < 0.005,
                "distance \(summary.distanceMeters) vs \(truth.distance)")
        #expect(abs(summary.movingSeconds! - truth.movingSeconds) / truth.movingSeconds < 0.02,
                "moving \(summary.movingSeconds!) vs \(truth.movingSeconds)")
        #expect(abs(summary.elapsedSeconds! - truth.elapsedSeconds) < 1)
        #expect(abs(summary.ascentMeters! - truth.ascent) / truth.ascent < 0.10,
                "\(sport) ascent \(summary.ascentMeters!) vs \(truth.ascent)")
        #expect(summary.dropped.spikes > 0)
        #expect(summary.maxSpeedMetersPerSecond! < speed * 1.5, "max speed \(summary.maxSpeedMetersPerSecond!)")
    }

    /// A slow, twisty hike: 40 switchbacks up a slope (legs of 30 m, a hairpin at each end,
    /// 5 m apart) and a winding path of 15 m legs bending by up to 35°, at 0.9 m/s. Positions are
    /// averaged over at most `TrackProfile.smoothingDistance` of travel, so the slower the
    /// walker the shorter the window in seconds, and the bends are kept.
    @Test(arguments: [false, true])
    func aTwistyHikeKeepsItsBends(noisy: Bool) {
        var builder = SyntheticTrack(origin: Self.origin)
        for _ in 0..<20 { builder.legs += [(30, 5), (-30, 5)] }
        for k in 0..<80 {
            let angle = [0.0, 0.6, 0.1, -0.5, -0.2, 0.4][k % 6]
            builder.legs.append((15 * sin(angle), 15 * cos(angle)))
        }
        builder.speed = 0.9
        builder.elevation = { d in 800 + d * 0.15 }
        if noisy {
            builder.horizontalNoise = 3
            builder.verticalNoise = 3
        }
        let (track, truth) = builder.build()
        let summary = ActivitySummary(Activity(format: .gpx, sport: .hike, track: track))
        #expect(abs(summary.distanceMeters - truth.distance) / truth.distance < 0.02,
                "distance \(summary.distanceMeters) vs \(truth.distance)")
    }

    @Test func aSpikeCannotMakeA351KilometrePerHourWalk() {
        let (activity, _) = Self.loop(sport: .walk, speed: 1.4, noisy: true)
        let summary = ActivitySummary(activity)
        #expect(summary.maxSpeedMetersPerSecond! * 3.6 < 10)
    }

    @Test func untimedTrackHasDistanceButNoTimes() {
        let (timed, truth) = Self.loop(sport: .run, speed: 3, noisy: false)
        let untimed = Track(segments: timed.track.segments.map { $0.map { var f = $0; f.time = nil; return f } })
        let summary = ActivitySummary(Activity(format: .gpx, track: untimed))
        #expect(abs(summary.distanceMeters - truth.distance) / truth.distance < 0.0005)
        #expect(summary.movingSeconds == nil)
        #expect(summary.elapsedSeconds == nil)
        #expect(summary.splits.isEmpty)
    }

    @Test func distanceIsNotCountedAcrossSegmentBreaks() {
        let a = Fix(latitude: 46, longitude: 14, time: Date(timeIntervalSince1970: 0))
        let b = Fix(latitude: 46.001, longitude: 14, time: Date(timeIntervalSince1970: 60))
        let c = Fix(latitude: 47, longitude: 14, time: Date(timeIntervalSince1970: 3600))
        let d = Fix(latitude: 47.001, longitude: 14, time: Date(timeIntervalSince1970: 3660))
        let summary = ActivitySummary(Activity(format: .gpx, sport: .walk, track: Track(segments: [[a, b], [c, d]])))
        #expect(abs(summary.distanceMeters - 2 * 111.2) < 1)
        #expect(summary.movingSeconds == 120)
        #expect(summary.elapsedSeconds == 3660)
    }

    @Test func timeReversalsAndDuplicatesAreDropped() {
        let t = { (s: Double) in Date(timeIntervalSince1970: s) }
        let fixes = [
            Fix(latitude: 46, longitude: 14, time: t(0)),
            Fix(latitude: 46.0001, longitude: 14, time: t(5)),
            Fix(latitude: 46.0001, longitude: 14, time: t(5)),   // duplicate
            Fix(latitude: 46.0005, longitude: 14, time: t(3)),   // time reversal
            Fix(latitude: 46.0002, longitude: 14, time: t(10)),
            Fix(latitude: 46.0002, longitude: 14.0001, time: t(13), elevation: nil),
        ]
        var inaccurate = Fix(latitude: 46.01, longitude: 14, time: t(14))
        inaccurate.horizontalAccuracy = 120
        let summary = ActivitySummary(Activity(format: .gpx, sport: .walk, track: Track(segments: [fixes + [inaccurate]])))
        #expect(summary.dropped.duplicates == 1)
        #expect(summary.dropped.timeReversals == 1)
        #expect(summary.dropped.inaccurate == 1)
        #expect(abs(summary.distanceMeters - 30) < 1.5)
    }

    @Test func brokenClockMeansUntimed() {
        // Every time within one second, as in a converter bug (Mojstrovka.gpx): distance counts, times do not.
        let fixes = (0..<10).map { i in
            Fix(latitude: 46 + Double(i) * 0.001, longitude: 14, time: Date(timeIntervalSince1970: -2_147_483_648 + Double(i) / 100))
        }
        let summary = ActivitySummary(Activity(format: .gpx, track: Track(segments: [fixes])))
        #expect(abs(summary.distanceMeters - 9 * 111.2) < 5)
        #expect(summary.movingSeconds == nil)
        #expect(summary.dropped.untrustedTimes == 10)
    }
}

extension Fix {
    init(latitude: Double, longitude: Double, time: Date, elevation: Double?) {
        self.init(latitude: latitude, longitude: longitude, elevation: elevation, time: time)
    }
}
