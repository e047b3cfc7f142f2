import Foundation

/// Five heart-rate zones, from easy (1) to all-out (5), as 4 bounds: zone k holds heart
/// rates from bound k − 1 (inclusive) up to bound k; zone 1 everything below the first,
/// zone 5 everything from the last.
///
/// Derived (`of`) from the lactate-threshold heart rate when the runner gave one, as Friel
/// sets running zones (Friel, *The Triathlete's Training Bible*, 2009: zone 1 below 85 %
/// of LTHR, 2 to 89 %, 3 to 94 %, 4 to 99 %, 5 from 100 %, his 5a–5c as one); else from
/// the heart-rate reserve (Karvonen et al. 1957: rest + share × (max − rest)) at 60, 70,
/// 80 and 90 %, the five 10 % bands from 50 % most plans use; bounds set by hand win over
/// both. docs/ALGORITHMS.md, "Heart-rate zones".
public struct HeartRateZones: Sendable, Hashable, Codable {
    /// How the bounds were found.
    public enum Method: String, Sendable, Hashable, Codable, CaseIterable {
        /// Friel's shares of the lactate-threshold heart rate.
        case lactateThreshold
        /// Karvonen's shares of the heart-rate reserve.
        case heartRateReserve
        /// Set by the runner.
        case manual
    }

    /// The upper bounds of zones 1 to 4, bpm, rising.
    public var bounds: [Double]
    public var method: Method

    public init(bounds: [Double], method: Method) {
        self.bounds = bounds
        self.method = method
    }

    /// Friel's bounds as shares of LTHR.
    public static let thresholdShares = [0.85, 0.90, 0.95, 1.00]
    /// Karvonen's bounds as shares of the heart-rate reserve.
    public static let reserveShares = [0.60, 0.70, 0.80, 0.90]

    /// The zones of `physiology`.
    public static func of(_ physiology: Physiology) -> HeartRateZones {
        if let bounds = physiology.zoneBounds, bounds.count == 4 { return HeartRateZones(bounds: bounds, method: .manual) }
        if let threshold = physiology.thresholdHeartRate {
            return HeartRateZones(bounds: thresholdShares.map { ($0 * threshold).rounded() }, method: .lactateThreshold)
        }
        let rest = physiology.restingHeartRate, reserve = physiology.maximumHeartRate - rest
        return HeartRateZones(bounds: reserveShares.map { (rest + $0 * reserve).rounded() }, method: .heartRateReserve)
    }

    /// The zone `heartRate` is in, 0 (zone 1) to 4 (zone 5).
    public func index(of heartRate: Double) -> Int {
        bounds.firstIndex { heartRate < $0 } ?? bounds.count
    }
}
