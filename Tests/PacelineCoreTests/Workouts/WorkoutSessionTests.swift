import Foundation
import PacelineTestSupport
import Testing
@testable import PacelineCore

/// Workout sessions on phased runs whose answers follow from the phases in closed form
/// (distance accrues in steps of at least 5 m, which the expected numbers allow for).
@Suite struct WorkoutSessionTests {
    static let fastBand = PaceBands(rest: PaceBands.default.rest, easy: PaceBands.default.easy,
                                    steady: PaceBands.default.steady, fast: PaceBand(fastest: 150, slowest: 190))

    static func close(_ a: Double?, _ b: Double, _ tolerance: Double = 0.01) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= tolerance
    }

    @Test func theOverflowPastABoundaryBelongsToTheNextInterval() {
        let plan = WorkoutPlan(name: "Mixed", steps: [
            .interval(WorkoutInterval(.meters(100), .fast)),
            .interval(WorkoutInterval(.seconds(10), .rest)),
            .interval(WorkoutInterval(.meters(60), .fast)),
        ])
        let run = PhasedRun(phases: [.move(seconds: 40, speed: 6)]).activity
        let (session, cues) = WorkoutSession.replay(run, plan: plan, bands: Self.fastBand)
        let starts = cues.filter { $0.kind == .start }
        #expect(starts.map(\.interval) == [1, 2, 3])
        #expect(Self.close(starts[1].elapsedSeconds, 100.0 / 6))     // 100 m at 6 m/s
        #expect(Self.close(starts[1].distanceMeters, 100))
        #expect(Self.close(starts[2].elapsedSeconds, 100.0 / 6 + 10))
        #expect(Self.close(starts[2].distanceMeters, 160))           // 4 m of overflow + 10 s at 6 m/s
        let complete = cues.filter { $0.kind == .complete }
        #expect(complete.count == 1)
        #expect(Self.close(complete.first?.elapsedSeconds, 220.0 / 6))
        let summary = session.summary
        #expect(summary.completed)
        #expect(summary.intervals.map(\.status) == [.completed, .completed, .completed])
        #expect(Self.close(summary.intervals[1].actualSeconds, 10))
        #expect(Self.close(summary.intervals[1].actualMeters, 60))
        #expect(Self.close(summary.elapsedSeconds, 40))               // tracking continues after the end
        #expect(Self.close(summary.distanceMeters, 240))
    }

    @Test func aRunnerSlowerThanPlannedIsWarnedAndTheSummaryShowsIt() {
        let plan = WorkoutPlan(name: "2 × 200 m", steps: [
            .interval(WorkoutInterval(.meters(200), .fast)),
            .interval(WorkoutInterval(.seconds(60), .rest)),
            .interval(WorkoutInterval(.meters(200), .fast)),
        ])
        // 200 m at 6 m/s (in the 150–190 s/km band), stand through the rest, then 3 m/s: too slow.
        let run = PhasedRun(phases: [.move(seconds: 34, speed: 6), .move(seconds: 59, speed: 0),
                                     .move(seconds: 70, speed: 3)]).activity
        let (session, cues) = WorkoutSession.replay(run, plan: plan, bands: Self.fastBand)
        let said = cues.map { "\($0.kind.rawValue) \($0.interval)" }
        #expect(said == ["start 1", "countdown 1", "start 2", "countdown 2", "start 3",
                         "tooSlow 3", "tooSlow 3", "countdown 3", "complete 3"])
        let at = cues.map(\.elapsedSeconds)
        #expect(Self.close(at[1], 29))                 // 26 m left at 6 m/s: under 5 s
        #expect(Self.close(cues[1].metersLeft, 26))
        #expect(Self.close(at[2], 100.0 / 3))          // 200 m at 6 m/s
        #expect(Self.close(at[3], 89))                 // 4.33 s of the 60 s rest left
        #expect(Self.close(at[4], 100.0 / 3 + 60))
        #expect(Self.close(at[5], 114))                // out of band from 104 (a 10 s window), warned 10 s later
        #expect(Self.close(at[6], 144))                // repeated 30 s later, not sooner
        #expect(Self.close(at[8], 160 + 1.0 / 3))      // 404 m reached between 402 m (160 s) and 408 m (161 s)
        let fast = session.summary.intervals[2]
        #expect(fast.status == .completed)
        #expect(Self.close(fast.plannedSeconds, 34))   // 200 m at the middle of 150–190 s/km
        #expect(Self.close(fast.actualSeconds, 67))
        #expect(Self.close(fast.actualMeters, 200))
        #expect(Self.close(fast.actualPaceSecondsPerKilometer, 335))
        let rest = session.summary.intervals[1]
        #expect(Self.close(rest.actualMeters, 4))      // the overflow of the first 200 m
        let speaker = WorkoutSpeaker(units: .metric)
        #expect(speaker.spoken(cues[3], in: session.intervals) == "4 seconds left, next: 200 metres, fast")
        #expect(speaker.spoken(cues[4], in: session.intervals) == "Interval 3 of 3: 200 metres, fast")
        #expect(speaker.spoken(cues[5], in: session.intervals) == "Too slow, speed up")
        #expect(speaker.spoken(cues[8], in: session.intervals) == "Workout complete")
    }

    @Test func aPauseStopsTheClockAndTheWayWalkedMeanwhileDoesNotCount() {
        let plan = WorkoutPlan(name: "Tempo", steps: [
            .interval(WorkoutInterval(.seconds(60), .easy)), .interval(WorkoutInterval(.seconds(30), .steady)),
        ])
        let run = PhasedRun(phases: [.move(seconds: 30, speed: 2.6), .pause(seconds: 100, metersMoved: 50),
                                     .move(seconds: 60, speed: 3)]).activity
        #expect(run.track.segments.count == 2)
        let (session, cues) = WorkoutSession.replay(run, plan: plan)
        let said = cues.map { "\($0.kind.rawValue) \($0.interval) \(Int($0.elapsedSeconds.rounded()))" }
        #expect(said == ["start 1 0", "tooFast 1 50", "countdown 1 55", "start 2 60", "countdown 2 85", "complete 2 90"])
        let summary = session.summary
        #expect(Self.close(summary.elapsedSeconds, 90))  // 190 s on the wall clock, 100 of them paused
        #expect(Self.close(summary.intervals[0].actualMeters, 168))  // 78 m, then 90 m after the pause
        #expect(Self.close(summary.intervals[1].actualMeters, 90))
        #expect(WorkoutSpeaker(units: .metric).spoken(cues[2], in: session.intervals) == "5 seconds left, next: 30 seconds, steady")
    }

    @Test func standingStillDoesNotStopTheClockOfARest() {
        let plan = WorkoutPlan(name: "Rest first", steps: [
            .interval(WorkoutInterval(.seconds(20), .rest)), .interval(WorkoutInterval(.meters(50), .easy)),
        ])
        let run = PhasedRun(phases: [.move(seconds: 25, speed: 0), .move(seconds: 30, speed: 3)]).activity
        let (session, _) = WorkoutSession.replay(run, plan: plan)
        let rows = session.summary.intervals
        #expect(Self.close(rows[0].actualSeconds, 20))
        #expect(Self.close(rows[0].actualMeters, 0))
        #expect(rows[0].actualPaceSecondsPerKilometer == nil)
        // From 25 s at 3 m/s, accrued in 6 m steps: 48 m from 41 s, 54 m at 43 s, so 50 m at 42.33 s.
        #expect(Self.close(rows[1].actualSeconds, 22 + 1.0 / 3))
    }

    @Test func aRunThatStopsEarlyLeavesACurrentAndNotStartedIntervals() {
        let plan = WorkoutPlan(name: "Long", steps: [.repeated(count: 3, intervals: [WorkoutInterval(.seconds(20), .easy)])])
        let run = PhasedRun(phases: [.move(seconds: 30, speed: 2.5)]).activity
        let (session, cues) = WorkoutSession.replay(run, plan: plan)
        #expect(!cues.contains { $0.kind == .complete })
        let summary = session.summary
        #expect(!summary.completed)
        #expect(summary.intervals.map(\.status) == [.completed, .current, .notStarted])
        #expect(Self.close(summary.intervals[1].actualSeconds, 10))
        #expect(summary.intervals[2].actualSeconds == nil)
        #expect(Self.close(summary.intervals[0].plannedMeters, 20 / 390.0 * 1000))  // at the easy band's middle, 6:30 /km
    }

    @Test func fixesThatShouldNotCountDoNot() {
        var session = WorkoutSession(plan: WorkoutPlan(name: "x", steps: [.interval(WorkoutInterval(.meters(1000), .easy))]))
        let t0 = Date(timeIntervalSince1970: 1_780_000_000)
        #expect(session.add(Fix(time: t0)).isEmpty)  // no position: not the start
        #expect(!session.isStarted)
        #expect(session.add(Fix(latitude: 51.5, longitude: -0.12, time: t0)).map(\.kind) == [.start])
        var inaccurate = Fix(latitude: 51.6, longitude: -0.12, time: t0 + 1)
        inaccurate.horizontalAccuracy = 80
        #expect(session.add(inaccurate).isEmpty)
        #expect(session.add(Fix(latitude: 51.6, longitude: -0.12, time: t0 + 2)).isEmpty)  // a spike 11 km away
        #expect(session.distance == 0)
        #expect(session.clock == 0)
    }
}
