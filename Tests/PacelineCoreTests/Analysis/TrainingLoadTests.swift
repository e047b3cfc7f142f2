import Foundation
@testable import PacelineCore
import PacelineTestSupport
import Testing

/// Training load against Banister's TRIMP in closed form: steady heart rate, steady pace
/// on the flat and up a known grade, pauses, and the sports that have none.
@Suite("Training load")
struct TrainingLoadTests {
    static func track(metres: Double, speed: Double, heartRate: Int? = nil, grade: Double = 0,
                      pauses: [(atDistance: Double, seconds: Double)] = []) -> Track {
        var builder = SyntheticTrack(origin: Coordinate(latitude: 55.86, longitude: -4.25))
        builder.legs = [(east: metres, north: 0)]
        builder.speed = speed
        builder.pauses = pauses
        builder.elevation = { 100 + grade * $0 }
        let track = builder.build().track
        guard let heartRate else { return track }
        return Track(segments: track.segments.map { $0.map { fix in
            var fix = fix
            fix.heartRate = heartRate
            return fix
        } })
    }

    static func trimp(minutes: Double, reserve: Double) -> Double { minutes * reserve * 0.64 * exp(1.92 * reserve) }

    @Test("an hour at 150 bpm (rest 60, max 190) is 60 × r × 0.64 e^(1.92 r), r = 90/130")
    func steadyHeartRate() throws {
        let load = try #require(TrainingLoad.of(Self.track(metres: 10_800, speed: 3, heartRate: 150), sport: .run))
        let expected = Self.trimp(minutes: 60, reserve: 90.0 / 130)
        #expect(load.source == .heartRate)
        #expect(abs(load.value - expected) < 0.01, "\(load.value) vs \(expected)")
        #expect(abs(expected - 100.4) < 0.05, "the figure the documentation gives")
    }

    @Test("without heart rate, a run's reserve is its oxygen cost: 3 m/s on the flat is 36 of 41.5 ml/kg/min")
    func paceOnTheFlat() throws {
        let load = try #require(TrainingLoad.of(Self.track(metres: 5_400, speed: 3), sport: .run))
        let expected = Self.trimp(minutes: 30, reserve: 0.2 * 180 / (45 - 3.5))
        #expect(load.source == .pace)
        #expect(abs(load.value - expected) / expected < 0.005, "\(load.value) vs \(expected)")
    }

    @Test("a walk up a 5 % grade at 1.25 m/s costs 0.1 v + 1.8 v × 0.05 above rest")
    func walkUphill() throws {
        let load = try #require(TrainingLoad.of(Self.track(metres: 2_250, speed: 1.25, grade: 0.05), sport: .hike))
        let reserve = (0.1 * 75 + 1.8 * 75 * 0.05) / (45 - 3.5)
        let expected = Self.trimp(minutes: 30, reserve: reserve)
        #expect(abs(load.value - expected) / expected < 0.01, "\(load.value) vs \(expected)")
        let flat = try #require(TrainingLoad.of(Self.track(metres: 2_250, speed: 1.25), sport: .walk))
        #expect(flat.value < load.value * 0.6, "the climb is most of the cost")
    }

    @Test("standing with the heart at 150 counts; fixes missing for longer than a minute do not; below rest is 0; above the maximum is held at it")
    func pausesGapsAndBounds() throws {
        let paused = try #require(TrainingLoad.of(Self.track(metres: 10_800, speed: 3, heartRate: 150, pauses: [(5_400, 600)]), sport: .run))
        #expect(abs(paused.value - Self.trimp(minutes: 70, reserve: 90.0 / 130)) < 0.01, "heart rate measures effort, not motion")
        let whole = Self.track(metres: 10_800, speed: 3, heartRate: 150)
        let start = whole.segments[0][0].time!
        let holed = Track(segments: [whole.segments[0].filter { fix in
            let t = fix.time!.timeIntervalSince(start)
            return t < 1_800 || t >= 2_400
        }])
        let load = try #require(TrainingLoad.of(holed, sport: .run))
        // 0…1,799 s and 2,400…3,600 s: the 601 s between 1,799 and 2,400 are left out.
        #expect(abs(load.value - Self.trimp(minutes: 2_999 / 60, reserve: 90.0 / 130)) < 0.01)
        let resting = try #require(TrainingLoad.of(Self.track(metres: 1_800, speed: 3, heartRate: 50), sport: .run))
        #expect(resting.value == 0)
        let flatOut = try #require(TrainingLoad.of(Self.track(metres: 1_800, speed: 3, heartRate: 205), sport: .run))
        #expect(abs(flatOut.value - Self.trimp(minutes: 10, reserve: 1)) < 0.01)
    }

    @Test("a ride has a load from heart rate only; a gap between segments is left out")
    func sportsAndGaps() throws {
        #expect(TrainingLoad.of(Self.track(metres: 9_000, speed: 8), sport: .ride) == nil)
        #expect(TrainingLoad.of(Self.track(metres: 9_000, speed: 8, heartRate: 140), sport: .ride)?.source == .heartRate)
        let half = Self.track(metres: 5_400, speed: 3, heartRate: 150)
        let later = Track(segments: half.segments.map { $0.map { fix in
            var fix = fix
            fix.time = fix.time!.addingTimeInterval(7_200)
            return fix
        } })
        let two = Track(segments: half.segments + later.segments)
        let load = try #require(TrainingLoad.of(two, sport: .run))
        #expect(abs(load.value - 2 * TrainingLoad.of(half, sport: .run)!.value) < 0.01, "two segments count their own time only")
    }
}
