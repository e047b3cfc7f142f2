import Foundation
@testable import PacelineCore
import PacelineTestSupport
import Testing

/// Dated physiology, the zones it makes, the training load and time in zones it measures.
@Suite("Physiology")
struct PhysiologyTests {
    @Test("each value is the latest entry's that says it, on or before the day; the defaults before any")
    func history() {
        let history = PhysiologyHistory([
            .init(from: LocalDay(number: 200), maximumHeartRate: 185),
            .init(from: LocalDay(number: 100), restingHeartRate: 48, maximumHeartRate: 192),
        ])
        #expect(history.inForce(on: LocalDay(number: 99)) == .defaults)
        #expect(history.inForce(on: LocalDay(number: 100)) == Physiology(restingHeartRate: 48, maximumHeartRate: 192))
        #expect(history.inForce(on: LocalDay(number: 250)) == Physiology(restingHeartRate: 48, maximumHeartRate: 185), "rest carries on")
    }

    @Test("zones: Friel's shares of LTHR, else Karvonen's of the reserve, bounds set by hand first")
    func zones() {
        let karvonen = Physiology.defaults.heartRateZones
        #expect(karvonen.method == .heartRateReserve && karvonen.bounds == [138, 151, 164, 177])
        let friel = Physiology(thresholdHeartRate: 170).heartRateZones
        #expect(friel.method == .lactateThreshold && friel.bounds == [145, 153, 162, 170])
        let manual = Physiology(thresholdHeartRate: 170, zoneBounds: [120, 140, 160, 175]).heartRateZones
        #expect(manual.method == .manual && manual.index(of: 119) == 0 && manual.index(of: 140) == 2 && manual.index(of: 190) == 4)
    }

    @Test("values that can't be a person's are named")
    func problems() {
        #expect(Physiology(restingHeartRate: 100, maximumHeartRate: 90).problem != nil)
        #expect(Physiology(thresholdHeartRate: 200).problem != nil)
        #expect(Physiology(zoneBounds: [150, 140, 160, 170]).problem != nil)
        #expect(Physiology(thresholdHeartRate: 170, thresholdPace: 270).problem == nil)
    }

    @Test("a day is YYYY-MM-DD that exists")
    func dayText() {
        #expect(LocalDay(text: "1970-01-02")?.number == 1)
        #expect(LocalDay(text: "2026-11-29")?.text == "2026-11-29")
        for text in ["2026-02-30", "2026-1-01", "20261101", "２０２６-11-01", "2026-11-01T00:00"] { #expect(LocalDay(text: text) == nil, "\(text)") }
    }

    @Test("training load takes the runner's rest and max; without heart rate, their threshold pace sets the VO₂max")
    func load() throws {
        let track = TrainingLoadTests.track(metres: 10_800, speed: 3, heartRate: 150)
        let own = try #require(TrainingLoad.of(track, sport: .run, physiology: Physiology(restingHeartRate: 50, maximumHeartRate: 180)))
        #expect(abs(own.value - TrainingLoadTests.trimp(minutes: 60, reserve: 100.0 / 130)) < 0.01)
        // Threshold 4:00 a km: 250 m/min costs 3.5 + 50 = 53.5 ml/kg/min, 88 % of a VO₂max of 60.8.
        #expect(abs(TrainingLoad.vo2max(thresholdPace: 240) - 53.5 / 0.88) < 1e-9)
        let paced = try #require(TrainingLoad.of(TrainingLoadTests.track(metres: 5_400, speed: 3), sport: .run,
                                                 physiology: Physiology(thresholdPace: 240)))
        let expected = TrainingLoadTests.trimp(minutes: 30, reserve: 36 / (53.5 / 0.88 - 3.5))
        #expect(paced.source == .pace && abs(paced.value - expected) / expected < 0.005, "\(paced.value) vs \(expected)")
    }

    @Test("time in zones: an hour at 150 bpm is an hour in zone 2 of the default zones (138–151); a pause over a minute counts nowhere")
    func timeInZones() {
        let track = TrainingLoadTests.track(metres: 10_800, speed: 3, heartRate: 150)
        let seconds = ZoneTimes.seconds(in: track, zones: Physiology.defaults.heartRateZones)
        #expect(abs(seconds[1] - 3600) < 1.5 && seconds[0] == 0 && seconds[2] == 0, "\(seconds)")
        let start = track.segments[0][0].time!
        let holed = Track(segments: [track.segments[0].filter { $0.time!.timeIntervalSince(start) < 1_800 || $0.time!.timeIntervalSince(start) >= 2_400 }])
        #expect(abs(ZoneTimes.seconds(in: holed, zones: Physiology.defaults.heartRateZones)[1] - 2_999) < 1.5)
    }
}
