import Foundation
import PacelineTestSupport
import Testing
@testable import PacelineCore

/// Races on synthetic runs whose crossing instant is known in closed form.
@Suite struct RaceProgressTests {
    static let origin = Coordinate(latitude: 55.86, longitude: -4.25)
    static let go = Date(timeIntervalSince1970: 1_780_000_000)

    /// A straight run north at `speed`, fixes every `interval` seconds from `startOffset` after the start.
    static func fixes(speed: Double, length: Double, interval: Double = 1, startOffset: Double = 0, noise: Double = 0) -> [Fix] {
        var builder = SyntheticTrack(origin: origin)
        builder.legs = [(east: 0, north: length)]
        builder.speed = speed
        builder.interval = interval
        builder.horizontalNoise = noise
        builder.start = go.addingTimeInterval(startOffset)
        return builder.build().track.fixes
    }

    @Test func finishIsTheInterpolatedCrossingNotTheNextFix() {
        // 3.7 m/s with fixes every 4 s: the fix after 500 m comes up to 4 s late.
        var race = RaceProgress(target: 500, start: Self.go, sport: .run)
        for fix in Self.fixes(speed: 3.7, length: 800, interval: 4) { race.add(fix) }
        let truth = 500 / 3.7
        let finish = try! #require(race.finishSeconds)
        #expect(abs(finish - truth) < 0.05, "finished at \(finish) s, crossed at \(truth) s")
        #expect(race.distance == 500)
        #expect(abs(race.averageSpeed - 3.7) < 0.01)
        #expect(abs(race.maximumSpeedReached - 3.7) < 0.05)
        #expect(race.series.last?.distanceMeters == 500)
        #expect(race.series.count == 35, "a point per step of 14.8 m, plus the start: \(race.series.count)")
    }

    @Test func noisyGPSMovesTheFinishOnlyBySeconds() {
        var race = RaceProgress(target: 1_000, start: Self.go, sport: .run)
        for fix in Self.fixes(speed: 3.2, length: 1_200, noise: 2) { race.add(fix) }
        let finish = try! #require(race.finishSeconds)
        #expect(abs(finish - 1_000 / 3.2) < 3, "finished at \(finish) s")
    }

    @Test func theClockStartsAtTheStartInstant() {
        // The runner sets off 10 s early (a false start): only what they ran after the start counts.
        var race = RaceProgress(target: 300, start: Self.go, sport: .run)
        for fix in Self.fixes(speed: 3, length: 600, startOffset: -10) { race.add(fix) }
        let finish = try! #require(race.finishSeconds)
        #expect(abs(finish - 300.0 / 3) < 0.05, "finished at \(finish) s")
    }

    @Test func fixesBeforeTheStartOnlyPlaceTheRunner() {
        var race = RaceProgress(target: 300, start: Self.go, sport: .run)
        let early = Self.fixes(speed: 3, length: 200, startOffset: -100)
        for fix in early.prefix(60) { race.add(fix) }
        #expect(race.distance == 0)
        #expect(race.position != nil)
    }

    @Test func aTeleportIsCreditedOnlyAtTheSportsMaximumSpeed() {
        var race = RaceProgress(target: 5_000, start: Self.go, sport: .run)
        race.add(Fix(time: Self.go.addingTimeInterval(1), coordinate: Self.origin))
        // 4 km north in 2 s.
        race.add(Fix(time: Self.go.addingTimeInterval(3), coordinate: Coordinate(latitude: Self.origin.latitude + 0.036, longitude: Self.origin.longitude)))
        #expect(race.wasCapped)
        #expect(abs(race.distance - 2 * SportThresholds.for(.run).maximumSpeed) < 0.001)
        #expect(!race.isFinished)
    }

    @Test func inaccurateDuplicateAndReversedFixesAreIgnored() {
        var race = RaceProgress(target: 1_000, start: Self.go, sport: .walk)
        let fixes = Self.fixes(speed: 1.4, length: 200)
        var poor = fixes[11]
        poor.horizontalAccuracy = 80
        let accepted = [fixes[0], fixes[10], fixes[10], fixes[5], poor, Fix(coordinate: Self.origin)].map { race.add($0) }
        // Then: a duplicate, one out of time order, an inaccurate one and one without time.
        #expect(accepted == [true, true, false, false, false, false])
        #expect(abs(race.distance - 14) < 0.1)
    }

    @Test func standingStillAddsNothing() {
        var race = RaceProgress(target: 1_000, start: Self.go, sport: .run)
        var builder = SyntheticTrack(origin: Self.origin)
        builder.legs = [(east: 0, north: 1)]
        builder.pauses = [(atDistance: 0, seconds: 600)]
        builder.horizontalNoise = 1
        builder.start = Self.go
        for fix in builder.build().track.fixes { race.add(fix) }
        #expect(race.distance < 30, "\(race.distance) m while standing for 10 minutes")
    }

    @Test func currentSpeedFollowsAChangeOfPace() {
        var race = RaceProgress(target: 10_000, start: Self.go, sport: .run)
        let slow = Self.fixes(speed: 2.5, length: 250)
        for fix in slow { race.add(fix) }
        #expect(abs(race.currentSpeed - 2.5) < 0.1)
        let end = try! #require(slow.last?.coordinate)
        var fast = SyntheticTrack(origin: end)
        fast.legs = [(east: 0, north: 300)]
        fast.speed = 5
        fast.start = slow.last!.time!.addingTimeInterval(1)
        for fix in fast.build().track.fixes { race.add(fix) }
        #expect(abs(race.currentSpeed - 5) < 0.2)
        #expect(abs(race.maximumSpeedReached - 5) < 0.2)
    }

    @Test func aRunnerWhoStopsSlowsToZero() {
        var race = RaceProgress(target: 10_000, start: Self.go, sport: .run)
        var builder = SyntheticTrack(origin: Self.origin)
        builder.legs = [(east: 0, north: 300)]
        builder.speed = 3
        builder.pauses = [(atDistance: 150, seconds: 20)]
        builder.start = Self.go
        let fixes = builder.build().track.fixes
        for fix in fixes.prefix(50) { race.add(fix) }
        #expect(abs(race.currentSpeed - 3) < 0.3)
        for fix in fixes[50..<71] { race.add(fix) }
        #expect(race.currentSpeed == 0, "standing for 20 s")
        #expect(race.elapsed == fixes[70].time!.timeIntervalSince(Self.go), "race time goes on while standing")
    }
}
