import Foundation

/// How long an activity spent in each heart-rate zone: each step between two timed fixes
/// of a segment at their average heart rate (one alone when the other has none), counted
/// in that rate's zone; a step longer than `TrainingLoad.longestGap` (a pause, a lost
/// signal) or without heart rate counts nowhere, as in training load.
///
/// ```swift
/// ZoneTimes.seconds(in: track, zones: Physiology.defaults.heartRateZones)  // [0, 0, 1200, 600, 0]
/// ```
public enum ZoneTimes {
    /// Seconds in zones 1 to 5 of `zones`.
    /// - Complexity: O(n) in the fixes.
    public static func seconds(in track: Track, zones: HeartRateZones) -> [Double] {
        var seconds = [Double](repeating: 0, count: zones.bounds.count + 1)
        for segment in track.segments {
            var previous: Fix?
            for fix in segment {
                guard let time = fix.time else { continue }
                defer { previous = fix }
                guard let before = previous, let then = before.time,
                      let rate = before.heartRate ?? fix.heartRate else { continue }
                let step = time.timeIntervalSince(then)
                guard step > 0, step <= TrainingLoad.longestGap else { continue }
                seconds[zones.index(of: Double(rate + (fix.heartRate ?? rate)) / 2)] += step
            }
        }
        return seconds
    }
}
