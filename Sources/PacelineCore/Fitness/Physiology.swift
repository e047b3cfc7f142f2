import Foundation

/// A runner's heart and pace on a given day: what training load, heart-rate zones and
/// time in zones are measured with. Each is the runner's own where they said it (a
/// `PhysiologyHistory` entry in force that day), else a default: resting 60 bpm, maximum
/// 190 bpm (what everyone was measured with before), no threshold. docs/ALGORITHMS.md,
/// "Physiology".
public struct Physiology: Sendable, Hashable, Codable {
    /// Resting heart rate, bpm.
    public var restingHeartRate: Double
    /// Maximum heart rate, bpm.
    public var maximumHeartRate: Double
    /// Lactate-threshold heart rate (LTHR), bpm: the heart rate of an hour's all-out effort.
    public var thresholdHeartRate: Double?
    /// Threshold pace, seconds per kilometre: the pace of an hour's all-out effort.
    public var thresholdPace: Double?
    /// Zone bounds set by hand, bpm: the 4 upper bounds of zones 1 to 4, rising.
    public var zoneBounds: [Double]?

    public init(restingHeartRate: Double = Physiology.defaults.restingHeartRate,
                maximumHeartRate: Double = Physiology.defaults.maximumHeartRate,
                thresholdHeartRate: Double? = nil, thresholdPace: Double? = nil, zoneBounds: [Double]? = nil) {
        self.restingHeartRate = restingHeartRate
        self.maximumHeartRate = maximumHeartRate
        self.thresholdHeartRate = thresholdHeartRate
        self.thresholdPace = thresholdPace
        self.zoneBounds = zoneBounds
    }

    /// What is assumed of a runner who said nothing: resting 60 bpm, maximum 190 bpm.
    public static let defaults = Physiology(restingHeartRate: 60, maximumHeartRate: 190)

    /// The heart rates a person can have, bpm, for each value said: resting, maximum, threshold, zone bound.
    public static let restingRange = 25.0...120.0
    public static let maximumRange = 100.0...240.0
    public static let thresholdRange = 80.0...230.0
    /// Threshold paces a runner can hold for an hour, seconds per kilometre (2:30 to 15:00).
    public static let thresholdPaceRange = 150.0...900.0

    /// The heart-rate zones in force: `HeartRateZones.of`.
    public var heartRateZones: HeartRateZones { HeartRateZones.of(self) }

    /// The share of the heart-rate reserve `heartRate` stands at, 0…1.
    public func reserve(heartRate: Double) -> Double {
        min(1, max(0, (heartRate - restingHeartRate) / (maximumHeartRate - restingHeartRate)))
    }

    /// Why these values can't be a person's, for people ("the resting heart rate must be
    /// below the maximum"); nil when they can.
    public var problem: String? {
        if restingHeartRate >= maximumHeartRate { return "the resting heart rate must be below the maximum" }
        if let threshold = thresholdHeartRate, !(restingHeartRate < threshold && threshold <= maximumHeartRate) {
            return "the threshold heart rate must be above the resting heart rate and at most the maximum"
        }
        if let bounds = zoneBounds, zip(bounds, bounds.dropFirst()).contains(where: { $0 >= $1 }) {
            return "the zone bounds must rise from zone 1 to zone 4"
        }
        return nil
    }
}
