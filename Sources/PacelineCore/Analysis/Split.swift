import Foundation

/// The time taken for one kilometre (the last split may be shorter).
public struct Split: Sendable, Hashable, Codable {
    /// 1 for the first kilometre.
    public var kilometer: Int
    /// Moving seconds spent on this kilometre.
    public var seconds: Double
    /// Wall-clock seconds, pauses included.
    public var elapsedSeconds: Double
    /// 1000, or less for a final partial kilometre.
    public var distanceMeters: Double

    /// The most splits an activity gets: 10,000 km, beyond any outing on foot or wheels;
    /// a forged file claiming more gets no more (each split is memory).
    public static let maximumCount = 10_000

    /// Kilometre splits along `profile`'s credited distance (`credited`, made from it: what
    /// was not credited makes no split faster than the sport allows; for an honest recording
    /// it is the recorded distance), by interpolating the instant each whole kilometre was
    /// crossed between the two fixes around it; at most `maximumCount`.
    ///
    /// The first split starts at 0 m, not at the first fix: a watch that counted metres
    /// before its GPS found itself puts the first fix past the start (the vivoactive's at
    /// 274 m, its moving time at the 93 s it took), and a split from there was a "kilometre"
    /// of 726 m, the run's fastest.
    /// - Complexity: O(n).
    public static func kilometers(of profile: TrackProfile, credited: CreditedDistance) -> [Split] {
        var splits: [Split] = []
        var previous: (distance: Double, moving: Double, clock: Double)?
        var lastMark: (distance: Double, moving: Double, clock: Double)?
        for (segment, distances) in zip(profile.segments, credited.cumulative) where segment.count > 0 {
            guard let movingTimes = segment.movingTimes, let times = segment.times else { return [] }
            for k in 0..<segment.count {
                let here = (distance: distances[k], moving: movingTimes[k], clock: times[k])
                // The start: 0 m and 0 moving seconds, as long before the first fix as it had moved.
                let before = previous ?? (distance: 0, moving: 0, clock: here.clock - here.moving)
                if lastMark == nil { lastMark = before }
                while let mark = lastMark, here.distance >= Double(splits.count + 1) * 1000, here.distance > before.distance {
                    guard splits.count < maximumCount else { return splits }
                    let target = Double(splits.count + 1) * 1000
                    let fraction = (target - before.distance) / (here.distance - before.distance)
                    let crossing = (
                        distance: target,
                        moving: before.moving + fraction * (here.moving - before.moving),
                        clock: before.clock + fraction * (here.clock - before.clock))
                    splits.append(Split(kilometer: splits.count + 1, seconds: crossing.moving - mark.moving,
                                        elapsedSeconds: crossing.clock - mark.clock, distanceMeters: 1000))
                    lastMark = crossing
                }
                previous = here
            }
        }
        if let mark = lastMark, let end = previous, end.distance - mark.distance >= 1 {
            splits.append(Split(kilometer: splits.count + 1, seconds: end.moving - mark.moving,
                                elapsedSeconds: end.clock - mark.clock, distanceMeters: end.distance - mark.distance))
        }
        return splits
    }
}
