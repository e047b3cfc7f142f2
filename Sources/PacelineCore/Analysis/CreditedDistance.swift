import Foundation

/// The distance an activity is credited with: what statistics, totals, records, badges,
/// points and missions count. It is the recorded distance (`TrackProfile`), except what
/// the sport's maximum speed (`SportThresholds.maximumSpeed`: run 12.5 m/s, walk and hike
/// 5, ride 35, swim 4, other 70) says could not have been covered:
///
/// - where the distance grew faster than the maximum since it last grew, the growth is
///   credited at the maximum × those seconds (`tooFast` holds the rest), counting moving
///   seconds (a stop's distance takes its own: `TrackProfile`), so a stop lends none;
/// - a segment without times that can be trusted (none, or all within one second: a
///   broken clock) is credited nothing, as no speed can be checked there (`untimed`).
///
/// For an honest recording the two are zero and credited equals recorded exactly: the
/// fix filter already drops steps faster than the maximum, so the cap is the guarantee
/// that nothing else (a broken clock, smoothing at a segment's end) gets past it.
///
/// ```swift
/// // 999 km in 0.999 s: every time within one second, so the segment is untimed.
/// CreditedDistance(profile: profile, maximumSpeed: 12.5).credited   // 0
/// ```
public struct CreditedDistance: Sendable, Hashable {
    /// Metres credited.
    public private(set) var credited = 0.0
    /// Recorded metres covered faster than the maximum speed, not credited.
    public private(set) var tooFast = 0.0
    /// Recorded metres in segments without trusted times, not credited.
    public private(set) var untimed = 0.0
    /// Credited metres from the start at each kept fix: one column per profile segment,
    /// parallel to its `distances` (what best efforts measure along).
    public private(set) var cumulative: [[Double]] = []

    /// Credits `profile` at `maximumSpeed` metres per second.
    /// - Complexity: O(n) in the kept fixes.
    public init(profile: TrackProfile, maximumSpeed: Double) {
        // Credited = recorded − what was not credited so far, so that with nothing left
        // out it is the recorded distance to the last bit, not a re-summed copy of it.
        cumulative.reserveCapacity(profile.segments.count)
        for segment in profile.segments {
            let d = segment.distances
            guard let times = segment.times else {
                cumulative.append(Array(repeating: (d.first ?? 0) - uncredited, count: d.count))
                if let first = d.first { untimed += d[d.count - 1] - first }
                continue
            }
            // Moving seconds, not the clock's: a stop lends no time to the step after it (an
            // odometer's 75 m in 2 s after a stop of 10 s was credited whole, a 400 m in 8 s).
            let clock = segment.movingTimes ?? times
            var column = [Double]()
            column.reserveCapacity(d.count)
            var grewAt = 0  // the fix where the distance last grew
            for k in d.indices {
                if k > 0, d[k] > d[k - 1] {
                    // A micrometre's slack: a stop's time is the cap's own (`TrackProfile`).
                    let excess = d[k] - d[k - 1] - maximumSpeed * (clock[k] - clock[grewAt])
                    if excess > 1e-6 { tooFast += excess }
                    grewAt = k
                }
                column.append(d[k] - uncredited)
            }
            cumulative.append(column)
        }
        credited = profile.distance - uncredited
    }

    /// The recorded metres that were not credited.
    public var uncredited: Double { tooFast + untimed }
}
