import Foundation

/// Daniels and Gilbert's VDOT (*Oxygen Power*, 1979; Daniels, *Daniels' Running Formula*,
/// 3rd ed., 2014): the VO₂max a race performance implies, given what running at a speed
/// costs and what share of VO₂max can be held for a race's duration,
///
///     VO₂(v)  = −4.60 + 0.182258 v + 0.000104 v²                          (ml/kg/min, v in m/min)
///     %max(t) = 0.8 + 0.1894393 e^(−0.012778 t) + 0.2989558 e^(−0.1932605 t)   (t in minutes)
///     VDOT    = VO₂(d / t) / %max(t)
///
/// A race time for a VDOT is the time at which the formula gives it back (found by
/// bisection: VDOT falls as the time grows). Daniels' printed table agrees with these
/// equations to 0.1 VDOT, but not to the second over long races: docs/ALGORITHMS.md,
/// "Race predictions", says by how much.
public enum VDOT {
    /// The oxygen cost of running at `metresPerMinute`, ml/kg/min.
    public static func oxygenCost(metresPerMinute v: Double) -> Double {
        -4.60 + 0.182258 * v + 0.000104 * v * v
    }

    /// The share of VO₂max that can be held for `minutes`.
    public static func fractionOfMaximum(minutes t: Double) -> Double {
        0.8 + 0.1894393 * exp(-0.012778 * t) + 0.2989558 * exp(-0.1932605 * t)
    }

    /// The VDOT of covering `meters` in `seconds`.
    public static func of(meters: Double, seconds: Double) -> Double {
        let minutes = seconds / 60
        return oxygenCost(metresPerMinute: meters / minutes) / fractionOfMaximum(minutes: minutes)
    }

    /// The seconds `meters` take at `vdot`, to a thousandth of a second.
    /// - Complexity: O(1): 60 halvings of a bracket from 1 to 40 km/h.
    public static func raceSeconds(meters: Double, vdot: Double) -> Double {
        var fast = meters / (40 / 3.6), slow = meters / (1 / 3.6)
        for _ in 0..<60 {
            let middle = (fast + slow) / 2
            if of(meters: meters, seconds: middle) > vdot { fast = middle } else { slow = middle }
        }
        return (fast + slow) / 2
    }

    /// The speed, m/min, whose oxygen cost is `vo2` (the cost's rising root).
    public static func metresPerMinute(oxygenCost vo2: Double) -> Double {
        let a = 0.000104, b = 0.182258, c = -4.60 - vo2
        return (-b + (b * b - 4 * a * c).squareRoot()) / (2 * a)
    }

    /// Daniels' training paces at a VDOT, seconds per kilometre.
    public struct TrainingPaces: Sendable, Hashable, Codable {
        /// Easy and long runs: from the slow end to the fast end of the range.
        public var easySlow: Double
        public var easyFast: Double
        /// The marathon's race pace at this VDOT.
        public var marathon: Double
        public var threshold: Double
        public var interval: Double
        public var repetition: Double
    }

    /// Shares of VO₂max the paces are run at. Easy: Daniels' text says 59–74 %, his table
    /// of paces works out at 63–73 %, used here; threshold 88 % and interval 97.5 %, as his
    /// table; repetition about 105 % (his table: 104–108 %, from the mile's race pace).
    public static let easyShares = (slow: 0.63, fast: 0.73)
    public static let thresholdShare = 0.88
    public static let intervalShare = 0.975
    public static let repetitionShare = 1.05

    /// The training paces at `vdot`.
    public static func trainingPaces(vdot: Double) -> TrainingPaces {
        func pace(_ share: Double) -> Double { 60_000 / metresPerMinute(oxygenCost: share * vdot) }
        return TrainingPaces(easySlow: pace(easyShares.slow), easyFast: pace(easyShares.fast),
                             marathon: raceSeconds(meters: 42_195, vdot: vdot) / 42.195,
                             threshold: pace(thresholdShare), interval: pace(intervalShare), repetition: pace(repetitionShare))
    }
}
