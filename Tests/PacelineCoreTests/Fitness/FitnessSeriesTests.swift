import Foundation
@testable import PacelineCore
import Testing

/// The fitness, fatigue and form recurrences against values worked by hand, and the
/// closed form of a steady load.
@Suite("Fitness series")
struct FitnessSeriesTests {
    static let day0 = LocalDay(number: 20_000)

    @Test("100, rest, 50: k₄₂ = 1 − e^(−1/42) = 0.023528, k₇ = 1 − e^(−1/7) = 0.133122, to 0.01")
    func byHand() {
        #expect(abs(FitnessSeries.weight(days: 42) - 0.023528) < 0.000001)
        #expect(abs(FitnessSeries.weight(days: 7) - 0.133122) < 0.000001)
        let series = FitnessSeries.days(from: Self.day0, through: Self.day0.advanced(by: 7),
                                        loads: [(Self.day0, 60), (Self.day0, 40), (Self.day0.advanced(by: 2), 50)])
        // Day 0: fitness 0 + 0.023528 × 100 = 2.3528; fatigue 0.133122 × 100 = 13.3122; form 0 − 0 = 0.
        // Day 1: fitness 2.3528 × 0.976472 = 2.2975; fatigue 13.3122 × 0.866878 = 11.5401; form 2.3528 − 13.3122 = −10.9594.
        // Day 2: fitness 2.2975 + 0.023528 × (50 − 2.2975) = 3.4198; fatigue 11.5401 + 0.133122 × (50 − 11.5401) = 16.6599;
        //        form 2.2975 − 11.5401 = −9.2426.
        // Day 7: fitness 3.4198 × 0.976472⁵ = 3.0360; ramp 3.0360 − 2.3528 = 0.6832.
        let expected: [(load: Double, fitness: Double, fatigue: Double, form: Double)] = [
            (100, 2.3528, 13.3122, 0), (0, 2.2975, 11.5401, -10.9594), (50, 3.4198, 16.6599, -9.2426),
        ]
        #expect(series.count == 8)
        for (day, want) in zip(series, expected) {
            #expect(day.load == want.load)
            #expect(abs(day.fitness - want.fitness) < 0.01 && abs(day.fatigue - want.fatigue) < 0.01 && abs(day.form - want.form) < 0.01,
                    "\(day)")
        }
        #expect(abs(series[7].fitness - 3.0360) < 0.01)
        #expect(abs(series[7].rampRate - 0.6832) < 0.01)
        #expect(abs(series[6].rampRate - series[6].fitness) < 1e-12, "before a week has passed, from 0")
    }

    @Test("a steady load L for n days brings fitness to L (1 − e^(−n/42)) and fatigue to L (1 − e^(−n/7))")
    func steadyLoad() {
        let loads = (0..<84).map { (day: Self.day0.advanced(by: $0), load: 100.0) }
        let series = FitnessSeries.days(from: Self.day0, through: Self.day0.advanced(by: 83), loads: loads)
        #expect(abs(series[41].fitness - 100 * (1 - exp(-1))) < 0.01)  // 63.21 after 42 days
        #expect(abs(series[83].fitness - 100 * (1 - exp(-2))) < 0.01)  // 86.47 after 84
        #expect(abs(series[6].fatigue - 100 * (1 - exp(-1))) < 0.01)
        #expect(abs(series[83].form - (series[82].fitness - series[82].fatigue)) < 1e-9)
    }

    @Test("loads outside the days, or not finite, are left out; an empty range is no series")
    func bounds() {
        let series = FitnessSeries.days(from: Self.day0, through: Self.day0.advanced(by: 1),
                                        loads: [(Self.day0.advanced(by: -1), 100), (Self.day0.advanced(by: 2), 100), (Self.day0, .infinity)])
        #expect(series.allSatisfy { $0.load == 0 && $0.fitness == 0 })
        #expect(FitnessSeries.days(from: Self.day0, through: Self.day0.advanced(by: -1), loads: []).isEmpty)
    }
}
