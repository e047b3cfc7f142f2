import Foundation

/// Energy spent, from the MET of the activity at its average moving speed and the
/// athlete's weight: kcal = MET × kg × hours.
///
/// METs come from the Compendium of Physical Activities (Ainsworth et al., 2011), linearly
/// interpolated between its speeds and held at its ends.
public enum Calories {
    /// The weight assumed when the athlete has not given one, kilograms.
    public static let defaultWeight = 70.0

    /// Kilocalories for `movingSeconds` of `sport` at `averageSpeed` m/s by someone of `weight` kg.
    ///
    /// ```swift
    /// Calories.kilocalories(sport: .run, averageSpeed: 10 / 3.6, movingSeconds: 3600, weight: 70) // ≈ 699 (MET 9.99)
    /// ```
    public static func kilocalories(sport: Sport, averageSpeed: Double, movingSeconds: Double, weight: Double?) -> Double {
        guard movingSeconds > 0 else { return 0 }
        return met(sport: sport, speed: averageSpeed) * (weight ?? defaultWeight) * movingSeconds / 3600
    }

    /// The MET of `sport` at `speed` m/s.
    public static func met(sport: Sport, speed: Double) -> Double {
        let kmh = speed * 3.6
        switch sport {
        case .run: return interpolate(kmh, running)
        case .walk: return interpolate(kmh, walking)
        case .hike: return 6.0
        case .ride: return interpolate(kmh, cycling)
        case .swim: return 7.0
        case .other: return 4.0
        }
    }

    /// (km/h, MET), Compendium codes 12020–12150.
    private static let running: [(Double, Double)] = [
        (6.4, 6.0), (8.0, 8.3), (9.7, 9.8), (10.8, 10.5), (11.3, 11.0), (12.1, 11.8), (12.9, 12.3),
        (13.8, 12.8), (14.5, 14.5), (16.1, 16.0), (17.7, 19.0), (19.3, 19.8), (20.9, 23.0),
    ]
    /// (km/h, MET), Compendium codes 17150–17230.
    private static let walking: [(Double, Double)] = [
        (2.7, 2.3), (3.2, 2.8), (4.0, 3.0), (4.8, 3.5), (5.6, 4.3), (6.4, 5.0), (7.2, 7.0), (8.0, 8.3),
    ]
    /// (km/h, MET), Compendium codes 01010–01066.
    private static let cycling: [(Double, Double)] = [
        (12, 3.5), (16, 5.8), (19, 6.8), (22, 8.0), (25.5, 10.0), (30, 12.0), (32, 15.8),
    ]

    private static func interpolate(_ x: Double, _ table: [(Double, Double)]) -> Double {
        guard let first = table.first, let last = table.last else { return 0 }
        if x <= first.0 { return first.1 }
        if x >= last.0 { return last.1 }
        let upper = table.firstIndex { $0.0 >= x }!
        let (x0, y0) = table[upper - 1], (x1, y1) = table[upper]
        return y0 + (x - x0) / (x1 - x0) * (y1 - y0)
    }
}
