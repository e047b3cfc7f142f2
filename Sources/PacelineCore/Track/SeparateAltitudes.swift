import Foundation

extension Track {
    /// Seconds within which an altitude record lends its elevation to a position.
    public static let altitudeMergeWindow = 10.0

    /// The track with altitudes recorded apart from positions (Suunto writes altitude in
    /// records of its own, between the position records) merged by time: in a segment
    /// with both such altitude-only fixes and positions without elevation, each of those
    /// positions takes the elevation interpolated in time between the altitude fixes
    /// around it (the nearer one within `altitudeMergeWindow` seconds when only one side
    /// has one). Nothing else changes; a track without such records comes back as it was.
    /// - Complexity: O(n) in the fixes.
    public func mergingSeparateAltitudes() -> Track {
        Track(segments: segments.map { segment in
            guard segment.contains(where: { $0.coordinate == nil && $0.elevation != nil && $0.time != nil }) else { return segment }
            let altitudes = segment.compactMap { fix -> (time: Double, elevation: Double)? in
                guard fix.coordinate == nil, let time = fix.time, let elevation = fix.elevation else { return nil }
                return (time.timeIntervalSince1970, elevation)
            }
            guard !altitudes.isEmpty, segment.contains(where: { $0.coordinate != nil && $0.elevation == nil }),
                  zip(altitudes, altitudes.dropFirst()).allSatisfy({ $0.time <= $1.time }) else { return segment }
            var next = 0  // the first altitude fix at or after the current time
            return segment.map { fix in
                guard fix.coordinate != nil, fix.elevation == nil, let time = fix.time?.timeIntervalSince1970 else { return fix }
                while next < altitudes.count, altitudes[next].time < time { next += 1 }
                var merged = fix
                let after = next < altitudes.count ? altitudes[next] : nil
                let before = next > 0 ? altitudes[next - 1] : nil
                if let before, let after, after.time > before.time {
                    let fraction = min(1, max(0, (time - before.time) / (after.time - before.time)))
                    merged.elevation = before.elevation + (after.elevation - before.elevation) * fraction
                } else if let nearest = [before, after].compactMap({ $0 }).min(by: { abs($0.time - time) < abs($1.time - time) }),
                          abs(nearest.time - time) <= Self.altitudeMergeWindow {
                    merged.elevation = nearest.elevation
                }
                return merged
            }
        })
    }
}
