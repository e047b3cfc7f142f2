import Foundation

/// Race times predicted from a runner's best efforts, by two models, each naming the
/// effort it comes from:
///
/// - Riegel's endurance formula (Riegel 1981, *American Scientist* 69): T₂ = T₁ (D₂/D₁)^1.06,
///   from the effort that predicts the fastest time over the race;
/// - Daniels–Gilbert VDOT (`VDOT`): the race time at the highest VDOT among the efforts.
///
/// Efforts shorter than `shortest` (400 m, 1 km) are left out: both models are fitted on
/// races from the mile up, and a short burst predicts a marathon no one runs.
public enum RacePrediction {
    /// What a prediction is made from: one best effort of one activity.
    public struct Effort: Sendable, Hashable {
        public var meters: Double
        public var seconds: Double
        /// The activity it was run in.
        public var runID: UUID
        public var day: LocalDay

        public init(meters: Double, seconds: Double, runID: UUID, day: LocalDay) {
            self.meters = meters
            self.seconds = seconds
            self.runID = runID
            self.day = day
        }
    }

    /// One predicted time and the effort it comes from.
    public struct Prediction: Sendable, Hashable {
        public var seconds: Double
        public var from: Effort
    }

    /// The races predicted, metres, with their names.
    public static let races: [(name: String, meters: Double)] = [
        ("5 km", 5000), ("10 km", 10_000), ("Half marathon", 21_097.5), ("Marathon", 42_195),
    ]
    /// The shortest effort predictions are made from, metres: a mile.
    public static let shortest = 1609.344
    /// Riegel's fatigue exponent.
    public static let riegelExponent = 1.06

    /// The time over `meters` Riegel's formula predicts from covering `fromMeters` in `seconds`.
    public static func riegel(seconds: Double, fromMeters: Double, toMeters meters: Double) -> Double {
        seconds * pow(meters / fromMeters, riegelExponent)
    }

    /// Riegel's prediction over `meters`: the fastest among `efforts`'; nil without an effort.
    /// - Complexity: O(efforts).
    public static func riegel(_ efforts: [Effort], meters: Double) -> Prediction? {
        efforts.filter { $0.meters >= shortest }
            .map { Prediction(seconds: riegel(seconds: $0.seconds, fromMeters: $0.meters, toMeters: meters), from: $0) }
            .min { $0.seconds < $1.seconds }
    }

    /// The effort of the highest VDOT among `efforts`, with it; nil without an effort.
    /// - Complexity: O(efforts).
    public static func bestVDOT(_ efforts: [Effort]) -> (vdot: Double, effort: Effort)? {
        efforts.filter { $0.meters >= shortest }
            .map { (VDOT.of(meters: $0.meters, seconds: $0.seconds), $0) }
            .max { $0.0 < $1.0 }
    }
}
