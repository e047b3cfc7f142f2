import Foundation
import PacelineTestSupport
import Testing
@testable import PacelineCore

/// Follow sessions on synthetic runs whose answer is known in closed form.
@Suite struct FollowSessionSyntheticTests {
    static let origin = Coordinate(latitude: 55.86, longitude: -4.25)

    static func run(_ legs: [(east: Double, north: Double)], speed: Double, pauses: [(atDistance: Double, seconds: Double)] = [],
                    noise: Double = 0, seed: UInt64 = 1, spikeEvery: Int = 0) -> Activity {
        var builder = SyntheticTrack(origin: origin)
        builder.legs = legs
        builder.speed = speed
        builder.pauses = pauses
        builder.horizontalNoise = noise
        builder.seed = seed
        builder.spikeEvery = spikeEvery
        return Activity(format: .gpx, sport: .run, track: builder.build().track)
    }

    static func follow(_ run: Activity, against pace: Activity) throws -> (cues: [Cue], result: FollowResult) {
        var session = FollowSession(pace: try Normalization.checkpoints(of: pace))
        let cues = run.track.fixes.compactMap { session.add($0) }
        return (cues, session.result)
    }

    /// Checks every cue's `aheadSeconds` against the closed form `expected` (nil: skip).
    /// Clean tracks: every cue within 1 s. With noise, each track's along-track error
    /// has an RMS of about 1.5 × `noise` (`NoiseModel`'s wander: 4.5 m for a phone's
    /// 3 m), so the gap between two noisy runs at `speed` has an RMS of
    /// √2 · 1.5 · noise / speed seconds: the median must be within it, every cue within 3×.
    static func expectCues(_ cues: [Cue], noise: Double, speed: Double, _ expected: (Cue) -> Double?,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        var errors: [Double] = []
        for cue in cues {
            guard let want = expected(cue) else { continue }
            guard let ahead = cue.aheadSeconds else {
                Issue.record("no gap at \(cue.elapsedSeconds) s", sourceLocation: sourceLocation)
                continue
            }
            errors.append(abs(ahead - want))
            if noise == 0 {
                #expect(abs(ahead - want) < 1, "at \(cue.elapsedSeconds) s: \(ahead) vs \(want)", sourceLocation: sourceLocation)
            }
        }
        #expect(errors.count > 10, sourceLocation: sourceLocation)
        errors.sort()
        let rms = finishTolerance(noise: noise, speed: speed) / 3
        if noise > 0, !errors.isEmpty {
            #expect(errors[errors.count / 2] < rms, "median error \(errors[errors.count / 2]) s", sourceLocation: sourceLocation)
            #expect(errors.last! < 3 * rms, "largest error \(errors.last!) s", sourceLocation: sourceLocation)
        }
    }

    /// How close a finish must come to the closed form: 1 s clean, 3 RMS with noise (see `expectCues`).
    static func finishTolerance(noise: Double, speed: Double) -> Double {
        noise == 0 ? 1 : 3 * 2.0.squareRoot() * 1.5 * noise / speed
    }

    static let lShape: [(east: Double, north: Double)] = [(1500, 0), (0, 1500)]

    @Test(arguments: [0.0, 3.0])
    func tenPercentSlowerFallsBehindLinearly(noise: Double) throws {
        let pace = Self.run(Self.lShape, speed: 3.3, noise: noise, seed: 1)
        let runner = Self.run(Self.lShape, speed: 3.0, noise: noise, seed: 2)
        let (cues, result) = try Self.follow(runner, against: pace)
        // At elapsed e the runner is at 3.0·e metres, where the pace was at 3.0·e / 3.3.
        Self.expectCues(cues, noise: noise, speed: 3) { $0.finished ? nil : $0.elapsedSeconds * 3.0 / 3.3 - $0.elapsedSeconds }
        #expect(result.coverage > 0.97)
        #expect(result.classification == .follow)
        #expect(result.finish.completed)
        #expect(abs(result.finish.aheadSeconds! - (3000 / 3.3 - 3000 / 3.0)) < Self.finishTolerance(noise: noise, speed: 3))
        #expect(abs(result.finish.elapsedSeconds - 1000) < Self.finishTolerance(noise: noise, speed: 3))
    }

    @Test(arguments: [0.0, 3.0])
    func aRunnerWhoStartsThirtySecondsLateIsThirtySecondsBehind(noise: Double) throws {
        let pace = Self.run(Self.lShape, speed: 3, noise: noise, seed: 3)
        let runner = Self.run(Self.lShape, speed: 3, pauses: [(0, 30)], noise: noise, seed: 4)
        let (cues, result) = try Self.follow(runner, against: pace)
        Self.expectCues(cues, noise: noise, speed: 3) { $0.finished ? nil : $0.elapsedSeconds < 30 ? -$0.elapsedSeconds : -30 }
        #expect(abs(result.finish.aheadSeconds! + 30) < Self.finishTolerance(noise: noise, speed: 3))
        #expect(result.classification == .follow)
    }

    @Test(arguments: [0.0, 3.0])
    func aPaceRunnerWhoStoodStillForAMinuteIsAMinuteBehindAfterwards(noise: Double) throws {
        let pace = Self.run(Self.lShape, speed: 3, pauses: [(1000, 60)], noise: noise, seed: 5)
        let runner = Self.run(Self.lShape, speed: 3, noise: noise, seed: 6)
        let (cues, result) = try Self.follow(runner, against: pace)
        // The pause falls inside one 20 m leg of the pace, over which the gap grows.
        Self.expectCues(cues, noise: noise, speed: 3) { cue in
            let along = cue.elapsedSeconds * 3
            return cue.finished || abs(along - 1000) < 30 ? nil : along < 1000 ? 0 : 60
        }
        #expect(abs(result.finish.aheadSeconds! - 60) < Self.finishTolerance(noise: noise, speed: 3))
    }

    @Test(arguments: [0.0, 3.0])
    func outAndBackResolvesEachPassOfTheSameStreet(noise: Double) throws {
        let outAndBack: [(east: Double, north: Double)] = [(2000, 0), (-2000, 0)]
        let pace = Self.run(outAndBack, speed: 3.3, noise: noise, seed: 7)
        let runner = Self.run(outAndBack, speed: 3.0, noise: noise, seed: 8)
        let (cues, result) = try Self.follow(runner, against: pace)
        // The turnaround falls inside one 20 m leg, whose chord cannot follow the hairpin.
        Self.expectCues(cues, noise: noise, speed: 3) { cue in
            cue.finished || abs(cue.elapsedSeconds * 3 - 2000) < 20 ? nil : cue.elapsedSeconds * 3.0 / 3.3 - cue.elapsedSeconds
        }
        #expect(result.coverage > 0.97)
        #expect(result.finish.completed)
    }

    @Test(arguments: [0.0, 3.0])
    func aLoopFinishesAtTheEndNotAtTheStart(noise: Double) throws {
        let square: [(east: Double, north: Double)] = [(500, 0), (0, 500), (-500, 0), (0, -500)]
        let pace = Self.run(square, speed: 3, noise: noise, seed: 9)
        let runner = Self.run(square, speed: 3.2, noise: noise, seed: 10)
        let (cues, result) = try Self.follow(runner, against: pace)
        #expect(!cues[0].finished)
        Self.expectCues(cues, noise: noise, speed: 3) { $0.finished ? nil : $0.elapsedSeconds * 3.2 / 3 - $0.elapsedSeconds }
        #expect(result.finish.completed)
        #expect(abs(result.finish.elapsedSeconds - 2000 / 3.2) < Self.finishTolerance(noise: noise, speed: 3))
    }

    /// Leaving at 1 km for 200 m out and 200 m back, then rejoining where they left.
    @Test func aDetourIsDeviatedThenBackOnRoute() throws {
        let route: [(east: Double, north: Double)] = [(3000, 0)]
        let detour: [(east: Double, north: Double)] = [(1000, 0), (0, 200), (0, -200), (2000, 0)]
        let pace = Self.run(route, speed: 3, noise: 3, seed: 11)
        let runner = Self.run(detour, speed: 3, noise: 3, seed: 12)
        let (cues, result) = try Self.follow(runner, against: pace)
        let deviated = cues.filter(\.deviated).map(\.elapsedSeconds)
        // Off route from about 30 m out (+ the 5 s delay) until 30 m before rejoining.
        #expect(deviated.count >= 18 && deviated.count <= 24, "\(deviated)")
        #expect(deviated.allSatisfy { $0 > 1000 / 3 && $0 < 1400 / 3 })
        #expect(cues.last!.aheadSeconds != nil)
        // The detour cost 400 m at 3 m/s.
        #expect(abs(result.finish.aheadSeconds! + 400 / 3) < Self.finishTolerance(noise: 3, speed: 3))
        // Every route checkpoint covered; the follow run's own off-route checkpoints
        // (about 400 − 2 × 30 − 15 m of delay, every 20 m) widen the union.
        let offRoute: Double = (400 - 60 - 15) / 20
        let expected = 151 / (151 + offRoute)
        #expect(abs(result.coverage - expected) < 0.02, "coverage \(result.coverage) vs \(expected)")
        #expect(result.classification == .follow)
    }

    /// A detour that replaces 400 m of a 1.2 km route with 800 m round a block.
    @Test func aDetourThatSkipsTheRouteDoesNotCoverIt() throws {
        let route: [(east: Double, north: Double)] = [(1200, 0)]
        let block: [(east: Double, north: Double)] = [(400, 0), (0, 200), (400, 0), (0, -200), (400, 0)]
        let pace = Self.run(route, speed: 3, noise: 3, seed: 13)
        let runner = Self.run(block, speed: 3, noise: 3, seed: 14)
        let (_, result) = try Self.follow(runner, against: pace)
        // Skipped: the 400 m less 30 m at each end; off route: 800 m less the same, less the 5 s delay.
        let skipped: Double = 340 / 20, offRoute: Double = (800 - 60 - 15) / 20
        let expected = (61 - skipped) / (61 + offRoute)
        #expect(abs(result.coverage - expected) < 0.03, "coverage \(result.coverage) vs \(expected)")
        #expect(result.classification == .new)
    }

    @Test func aDifferentRouteIsNew() throws {
        let pace = Self.run(Self.lShape, speed: 3, noise: 3, seed: 15)
        let elsewhere = Self.run([(0, -1500), (-1500, 0)], speed: 3, noise: 3, seed: 16)
        let (cues, result) = try Self.follow(elsewhere, against: pace)
        #expect(result.coverage < 0.05)
        #expect(result.classification == .new)
        #expect(!result.finish.completed)
        #expect(cues.dropFirst(3).allSatisfy { $0.deviated && $0.aheadSeconds == nil })
    }

    @Test func spikesInTheRunnersTrackAreIgnored() throws {
        let pace = Self.run(Self.lShape, speed: 3, noise: 3, seed: 17)
        let runner = Self.run(Self.lShape, speed: 3, noise: 3, seed: 18, spikeEvery: 40)
        let (cues, result) = try Self.follow(runner, against: pace)
        #expect(cues.allSatisfy { !$0.deviated })
        Self.expectCues(cues, noise: 3, speed: 3) { $0.finished ? nil : 0 }
        #expect(result.coverage > 0.97)
    }

    /// Starting 40 m to the side of the start: off the route until reaching it.
    @Test func aLateStartNearTheStartJoinsTheRoute() throws {
        let pace = Self.run(Self.lShape, speed: 3, noise: 3, seed: 19)
        var builder = SyntheticTrack(origin: Self.origin)
        builder.legs = [(0, 40)] + Self.lShape
        builder.origin = Coordinate(latitude: Self.origin.latitude - 40 / 111_250, longitude: Self.origin.longitude)
        builder.speed = 3
        builder.horizontalNoise = 3
        builder.seed = 20
        let runner = Activity(format: .gpx, sport: .run, track: builder.build().track)
        let (cues, result) = try Self.follow(runner, against: pace)
        #expect(cues[0].deviated && !cues[0].started)
        #expect(cues.dropFirst(5).allSatisfy { !$0.deviated })
        // 40 m at 3 m/s to reach the start, then level with the pace.
        #expect(abs(result.finish.aheadSeconds! + 40 / 3) < Self.finishTolerance(noise: 3, speed: 3))
        #expect(result.classification == .follow)
    }
}
