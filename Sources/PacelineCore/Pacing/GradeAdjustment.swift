import Foundation

/// How much a gradient costs a runner, after Minetti et al. (2002), "Energy cost of walking
/// and running at extreme uphill and downhill slopes", J Appl Physiol 93:1039–1046: the
/// energy cost of running a metre on gradient i (rise over run), fitted to their measurements
/// from −0.45 to +0.45,
///
///     C(i) = 155.4 i⁵ − 30.4 i⁴ − 43.3 i³ + 46.3 i² + 19.5 i + 3.6   J/(kg·m),
///
/// least at i ≈ −0.18 (1.78 J/(kg·m)). At the same effort (the same metabolic power) a
/// metre on gradient i takes C(i)/C(0) as long as on the flat: 1.30 times on a 5 % climb.
/// docs/ALGORITHMS.md, "Grade-adjusted pace".
///
/// It is a metabolic model: downhill it would have a runner go twice as fast as on the flat,
/// which legs, not lungs, forbid; so a descent is never taken more than `fastestDescent`
/// quicker than the flat.
public enum GradeAdjustment {
    /// The steepest gradients the model was measured on, either way; steeper is held to them.
    public static let steepest = 0.45
    /// C(0), J/(kg·m).
    public static let flatCost = 3.6
    /// The least time a metre downhill takes, as a share of the same metre on the flat.
    public static let fastestDescent = 0.8

    /// Minetti's energy cost of running a metre on `grade` (held to ±`steepest`), J/(kg·m).
    public static func cost(grade: Double) -> Double {
        let i = min(steepest, max(-steepest, grade.isFinite ? grade : 0))
        return ((((155.4 * i - 30.4) * i - 43.3) * i + 46.3) * i + 19.5) * i + 3.6
    }

    /// How long a metre on `grade` takes at the same effort as a metre on the flat (1 on the
    /// flat, 1.30 up 5 %), no less than `fastestDescent`.
    public static func factor(grade: Double) -> Double {
        max(fastestDescent, cost(grade: grade) / flatCost)
    }
}
