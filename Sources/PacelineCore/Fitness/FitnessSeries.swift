import Foundation

/// Fitness, fatigue and form from daily training load, as Banister's impulse-response
/// model and TrainingPeaks' Performance Manager chart them (Banister et al. 1975; Allen &
/// Coggan, *Training and Racing with a Power Meter*, 2010):
///
///     fitness_d = fitness_{d−1} + k₄₂ (load_d − fitness_{d−1})    (CTL, 42-day time constant)
///     fatigue_d = fatigue_{d−1} + k₇ (load_d − fatigue_{d−1})    (ATL, 7-day)
///     form_d    = fitness_{d−1} − fatigue_{d−1}                   (TSB: the morning before day d's training)
///     ramp_d    = fitness_d − fitness_{d−7}                       (fitness gained in a week)
///
/// with k_N = 1 − e^(−1/N), the exact daily decay of an exponential with time constant N
/// days (Banister's; TrainingPeaks' 1/N is its first-order approximation, about 1 % apart
/// at N = 42). Both start at 0 the day before the first day given; a day without activity
/// has load 0. Loads are TRIMP (`TrainingLoad`). docs/ALGORITHMS.md, "Fitness, fatigue and form".
public enum FitnessSeries {
    /// One day of the series.
    public struct Day: Sendable, Hashable {
        public var day: LocalDay
        /// The day's load, the sum of its activities'.
        public var load: Double
        public var fitness: Double
        public var fatigue: Double
        public var form: Double
        /// Fitness now less fitness 7 days before (before the first day: 0).
        public var rampRate: Double
    }

    /// The time constants, days.
    public static let fitnessDays = 42.0
    public static let fatigueDays = 7.0

    /// The daily weight of a new day's load in an average with time constant `days`.
    public static func weight(days: Double) -> Double { 1 - exp(-1 / days) }

    /// The series from `first` to `last`, each day's load the sum of `loads` on it (loads
    /// outside the days are left out).
    /// - Complexity: O(days + loads).
    public static func days(from first: LocalDay, through last: LocalDay, loads: [(day: LocalDay, load: Double)]) -> [Day] {
        guard first <= last else { return [] }
        var daily = [Double](repeating: 0, count: last.number - first.number + 1)
        for (day, load) in loads where first <= day && day <= last && load.isFinite { daily[day.number - first.number] += load }
        let fitnessWeight = weight(days: fitnessDays), fatigueWeight = weight(days: fatigueDays)
        var series: [Day] = []
        series.reserveCapacity(daily.count)
        var fitness = 0.0, fatigue = 0.0
        for (offset, load) in daily.enumerated() {
            let form = fitness - fatigue
            fitness += fitnessWeight * (load - fitness)
            fatigue += fatigueWeight * (load - fatigue)
            let weekAgo = offset >= 7 ? series[offset - 7].fitness : 0
            series.append(Day(day: first.advanced(by: offset), load: load, fitness: fitness, fatigue: fatigue,
                              form: form, rampRate: fitness - weekAgo))
        }
        return series
    }
}
