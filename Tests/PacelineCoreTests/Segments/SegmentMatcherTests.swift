import Foundation
import PacelineTestSupport
import Testing
@testable import PacelineCore

/// Segment matching on synthetic runs whose efforts are known in closed form.
@Suite struct SegmentMatcherTests {
    static let origin = Coordinate(latitude: 55.86, longitude: -4.25)

    static func checkpoints(_ legs: [(east: Double, north: Double)], speed: Double = 3, noise: Double = 0,
                            pauses: [(atDistance: Double, seconds: Double)] = [], seed: UInt64 = 1) throws -> [Checkpoint] {
        var builder = SyntheticTrack(origin: origin)
        builder.legs = legs
        builder.speed = speed
        builder.horizontalNoise = noise
        builder.pauses = pauses
        builder.seed = seed
        return try Normalization.checkpoints(of: Activity(format: .gpx, sport: .run, track: builder.build().track))
    }

    /// The stretch 500–1,500 m of a straight 2 km run east.
    static func straightSegment() throws -> SegmentPath {
        try SegmentPath(stretchOf: checkpoints([(2000, 0)]), from: 500, to: 1500)
    }

    @Test func theRunASegmentIsMadeFromMatchesItOnce() throws {
        let run = try Self.checkpoints([(2000, 0)])
        let path = try SegmentPath(stretchOf: run, from: 500, to: 1500)
        #expect(abs(path.length - 1000) < 1)
        let efforts = SegmentMatcher(run: run).efforts(on: path)
        try #require(efforts.count == 1)
        #expect(abs(efforts[0].elapsedSeconds - 1000.0 / 3) < 1)
        #expect(abs(efforts[0].startDistance - 500) < 1)
        #expect(abs(efforts[0].endDistance - 1500) < 1)
        #expect(abs(efforts[0].startElapsed - 500.0 / 3) < 1)
    }

    @Test func anotherRunIsTimedFromGateToGateStopsIncluded() throws {
        let path = try Self.straightSegment()
        // 4 m/s with a 30 s wait at a crossing inside the segment: 250 s + 30 s.
        let run = try Self.checkpoints([(2000, 0)], speed: 4, pauses: [(atDistance: 1000, seconds: 30)])
        let efforts = SegmentMatcher(run: run).efforts(on: path)
        try #require(efforts.count == 1)
        #expect(abs(efforts[0].elapsedSeconds - 280) < 1)
    }

    @Test func theOtherWayIsNotTheSegment() throws {
        let path = try Self.straightSegment()
        let west = try Self.checkpoints([(2000, 0)])
        let reversed = west.reversed().enumerated().map { i, c in
            Checkpoint(coordinate: c.coordinate, distance: west.last!.distance - c.distance, elapsed: Double(i) * 20 / 3, speed: 3)
        }
        #expect(SegmentMatcher(run: reversed).efforts(on: path).isEmpty)
    }

    @Test func anOutAndBackCountsTheForwardWayOnly() throws {
        let path = try Self.straightSegment()
        let run = try Self.checkpoints([(2000, 0), (-2000, 0)])
        let efforts = SegmentMatcher(run: run).efforts(on: path)
        try #require(efforts.count == 1)
        #expect(abs(efforts[0].startDistance - 500) < 1)
    }

    @Test func eachLapOfALoopIsAnEffort() throws {
        let lap: [(east: Double, north: Double)] = [(400, 0), (0, 400), (-400, 0), (0, -400)]
        let run = try Self.checkpoints(lap + lap + lap)
        let path = try SegmentPath(stretchOf: run, from: 100, to: 700)  // along the bottom and up the east side
        let efforts = SegmentMatcher(run: run).efforts(on: path)
        #expect(efforts.count == 3)
        for (lapIndex, effort) in efforts.enumerated() {
            #expect(abs(effort.elapsedSeconds - 200) < 1)
            #expect(abs(effort.startElapsed - (100 + 1600 * Double(lapIndex)) / 3) < 1)
        }
    }

    @Test func aWholeLoopStartingAndEndingAtOneGateIsOneEffortALap() throws {
        let lap: [(east: Double, north: Double)] = [(400, 0), (0, 400), (-400, 0), (0, -400)]
        let run = try Self.checkpoints([(50, 0)] + lap + lap)
        // Where the first lap ends by the run's distance (its corners are smoothed a little shorter).
        let lapEnd = Normalization.distance(in: run, at: 1650.0 / 3)
        let path = try SegmentPath(stretchOf: run, from: 50, to: lapEnd)
        let efforts = SegmentMatcher(run: run).efforts(on: path)
        try #require(efforts.count == 2)
        #expect(abs(efforts[0].elapsedSeconds - 1600.0 / 3) < 1)
        #expect(abs(efforts[1].startDistance - lapEnd) < 2)
        #expect(abs(efforts[1].elapsedSeconds - 1600.0 / 3) < 1)
    }

    @Test func aShortcutBetweenTheGatesIsNotTheSegment() throws {
        let corner = try Self.checkpoints([(600, 0), (0, 600)])
        let path = try SegmentPath(stretchOf: corner, from: 50, to: 1150)  // an L, 1,100 m
        // From before the start straight across to past the end: passes both gates, skips the corner.
        let across = try Self.checkpoints([(50, 0), (550, 550), (0, 100)])
        #expect(SegmentMatcher(run: across).efforts(on: path).isEmpty)
        #expect(SegmentMatcher(run: corner).efforts(on: path).count == 1)
    }

    @Test func aDetourOffTheSegmentIsNotTheSegment() throws {
        let path = try Self.straightSegment()
        // Along the line, 300 m north and back at 1 km, then on: 600 m more than the segment.
        let detour = try Self.checkpoints([(1000, 0), (0, 300), (0, -300), (1000, 0)])
        #expect(SegmentMatcher(run: detour).efforts(on: path).isEmpty)
        // A wiggle of 20 m at a crossing is not a detour.
        let wiggle = try Self.checkpoints([(1000, 0), (0, 20), (0, -20), (1000, 0)])
        #expect(SegmentMatcher(run: wiggle).efforts(on: path).count == 1)
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func aPhonesGPSErrorMovesTheTimeBySeconds(seed: UInt64) throws {
        let path = try Self.straightSegment()
        let run = try Self.checkpoints([(2000, 0)], noise: 3, seed: seed)
        let efforts = SegmentMatcher(run: run).efforts(on: path)
        try #require(efforts.count == 1)
        // 3 m of wander is about 4.5 m RMS along the track at each gate: 1.5 s each at 3 m/s.
        #expect(abs(efforts[0].elapsedSeconds - 1000.0 / 3) < 6)
    }

    @Test func aRunThatNeverComesNearMatchesNothing() throws {
        let path = try Self.straightSegment()
        let parallel = try Self.checkpoints([(0, 200), (2000, 0)])
        #expect(SegmentMatcher(run: parallel).efforts(on: path).isEmpty)
        #expect(SegmentMatcher(run: []).efforts(on: path).isEmpty)
    }

    @Test func aStretchIsCheckedAgainstTheLimits() throws {
        let run = try Self.checkpoints([(2000, 0)])
        let tooShort = #expect(throws: SegmentError.self) { try SegmentPath(stretchOf: run, from: 100, to: 150) }
        guard case .tooShort(let short)? = tooShort else { Issue.record("not too short: \(String(describing: tooShort))"); return }
        #expect(abs(short - 50) < 1)
        #expect(throws: SegmentError.outsideActivity) { try SegmentPath(stretchOf: run, from: 900, to: 800) }
        #expect(throws: SegmentError.outsideActivity) { try SegmentPath(stretchOf: run, from: 100, to: 2500) }
        #expect(throws: SegmentError.outsideActivity) { try SegmentPath(stretchOf: run, from: -1, to: 500) }
        #expect(throws: SegmentError.outsideActivity) { try SegmentPath(stretchOf: run, from: .nan, to: 500) }
        let long = try Self.checkpoints([(60_000, 0)], speed: 10)
        let tooLong = #expect(throws: SegmentError.self) { try SegmentPath(stretchOf: long, from: 0, to: 55_000) }
        guard case .tooLong(let meters)? = tooLong else { Issue.record("not too long: \(String(describing: tooLong))"); return }
        #expect(abs(meters - 55_000) < 1)
        #expect("\(SegmentError.tooLong(meters: 55_000))" == "the stretch is 55.0 km; a segment is at most 50.0 km")
    }

    @Test func aSegmentIsFoundByTheCellsARunPassesNearItsStart() throws {
        let path = try Self.straightSegment()
        let run = try Self.checkpoints([(2000, 0)])
        let keys = SegmentMatcher(run: run).cellKeys
        #expect(keys.contains(SegmentCell.key(of: path.start)))
        #expect(keys.contains(SegmentCell.key(of: path.end)))
        let far = Coordinate(latitude: Self.origin.latitude + 0.05, longitude: Self.origin.longitude)
        #expect(!keys.contains(SegmentCell.key(of: far)))
        // 2 km at 400 m cells, reached 25 m either side: a handful of cells, not thousands.
        #expect(keys.count < 30)
    }
}
