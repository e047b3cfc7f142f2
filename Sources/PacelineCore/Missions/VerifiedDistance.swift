import Foundation

/// The distance a mission credits for an activity: geodesic steps between successive
/// positions, each step capped at what the sport's maximum speed allows in its time.
///
/// A step implying more than `SportThresholds.maximumSpeed` (run 12.5 m/s, walk and hike
/// 5, ride 35, swim 4, other 70) is credited only maximum speed × elapsed seconds: a
/// teleport (GPS spike, a car ride, an edited file) earns no more than the fastest human
/// could have covered meanwhile. Steps across a segment break (a pause, a gap) earn
/// nothing, as in the run's own distance; fixes with poor accuracy (worse than the
/// sport's `maximumAccuracy`, 50 m), without a position or without a time are skipped, and
/// a fix not later than the last one counted is skipped as a time reversal.
///
/// ```swift
/// // 1 km in 10 s on foot: credited 12.5 m/s × 10 s.
/// VerifiedDistance(track, sport: .run).credited   // 125
/// ```
public struct VerifiedDistance: Sendable, Hashable {
    /// Metres credited.
    public var credited = 0.0
    /// Metres measured between the positions counted, before any cap.
    public var measured = 0.0
    /// Steps faster than the sport allows, credited at the cap.
    public var cappedSteps = 0

    /// - Complexity: O(n) in the fixes, one geodesic distance each.
    public init(_ track: Track, sport: Sport) {
        self.init(track, thresholds: SportThresholds.for(sport))
    }

    /// - Complexity: O(n) in the fixes, one geodesic distance each.
    public init(_ track: Track, thresholds: SportThresholds) {
        for segment in track.segments {
            var last: (coordinate: Coordinate, time: Date)?
            for fix in segment {
                guard let coordinate = fix.coordinate, let time = fix.time else { continue }
                if let accuracy = fix.horizontalAccuracy, accuracy > thresholds.maximumAccuracy { continue }
                guard let previous = last else {
                    last = (coordinate, time)
                    continue
                }
                let seconds = time.timeIntervalSince(previous.time)
                guard seconds > 0 else { continue }
                let step = Geodesy.distance(previous.coordinate, coordinate)
                let allowed = thresholds.maximumSpeed * seconds
                measured += step
                if step > allowed {
                    credited += allowed
                    cappedSteps += 1
                } else {
                    credited += step
                }
                last = (coordinate, time)
            }
        }
    }
}
