import Foundation

/// The distance covered at every fix of an activity, as `ActivitySummary` measures it:
/// what an export writes beside each point (TCX `DistanceMeters`), so a file written by
/// Paceline and read back has the distance it was written with.
public enum FixDistances {
    /// One value per fix of `activity.track.fixes`: the profile's distance at a kept fix
    /// (the device's odometer where it counts, see `TrackProfile`), the last kept fix's at
    /// one the filter left out (0 before the first). For an activity without positions,
    /// the fixes' own odometer readings as they stand (nil before the first).
    /// - Complexity: O(n) in the fixes.
    public static func of(_ activity: Activity) -> [Double?] {
        let thresholds = SportThresholds.for(activity.sport)
        let kept = FixFilter(thresholds: thresholds).filter(activity.track).segments
        guard !kept.isEmpty else {
            var last: Double?
            return activity.track.segments.joined().map { fix in
                if let distance = fix.distance, distance.isFinite { last = distance }
                return last
            }
        }
        let profile = TrackProfile(segments: kept, thresholds: thresholds)
        var atFix = [Double?](repeating: nil, count: activity.track.fixCount)
        for (filtered, measured) in zip(kept, profile.segments) {
            for (source, distance) in zip(filtered.sources, measured.distances) { atFix[source] = distance }
        }
        var last = 0.0
        return atFix.map { distance in
            if let distance { last = distance }
            return last
        }
    }
}
