import Foundation

/// The fastest a run covered a given distance, anywhere within it: what personal records
/// are made of.
public struct BestEffort: Sendable, Hashable, Codable {
    /// The distance covered, metres.
    public var distanceMeters: Double
    /// The fewest moving seconds it took.
    public var seconds: Double

    public init(distanceMeters: Double, seconds: Double) {
        self.distanceMeters = distanceMeters
        self.seconds = seconds
    }

    /// The distances personal records are kept for, shortest first, with the names runners
    /// use (a track's lap, the mile, the races).
    public static let recordDistances: [(name: String, meters: Double)] = [
        ("400 m", 400), ("1 km", 1000), ("1 mile", 1609.344), ("5 km", 5000), ("10 km", 10_000),
        ("Half marathon", 21_097.5), ("Marathon", 42_195),
    ]

    /// The name runners use for `meters`, one of `recordDistances`.
    public static func name(of meters: Double) -> String? {
        recordDistances.first { $0.meters == meters }?.name
    }

    /// The best effort over each of `distances` that `profile` is long enough for, along
    /// its credited distance (`credited`, made from `profile`): what was not credited (a
    /// stretch without trusted times, one faster than the sport allows) can make no record,
    /// and neither can a stretch without timed positions: an effort lies within a run of
    /// timed segments whose distance goes on from one to the next, never across metres a
    /// device's odometer counted between them (`TrackProfile`'s bridges: sample.tcx's 1.8 km
    /// across 11 minutes without a position made a 1 km "record" of 6 minutes).
    ///
    /// Time is moving time, as in splits, so a stop at a crossing does not spoil a record.
    /// A window's start is interpolated between the two fixes around it, so the answer
    /// does not depend on where fixes happen to fall.
    ///
    /// ```swift
    /// BestEffort.efforts(in: profile, credited: credited, distances: [5000])
    /// // [BestEffort(distanceMeters: 5000, seconds: 1493.2)] for a 10 km run with a fast second half
    /// ```
    /// - Complexity: O(n) per distance: the window's start only moves forward.
    public static func efforts(in profile: TrackProfile, credited: CreditedDistance,
                               distances: [Double] = recordDistances.map(\.meters)) -> [BestEffort] {
        // Runs of timed fixes, each going on from the last without a gap in the distance.
        var stretches: [[(distance: Double, moving: Double)]] = []
        for (segment, column) in zip(profile.segments, credited.cumulative) {
            guard let moving = segment.movingTimes, !column.isEmpty else { continue }
            let goesOn = stretches.last?.last.map { abs($0.distance - column[0]) <= 1e-6 } ?? false
            if !goesOn { stretches.append([]) }
            for k in 0..<segment.count { stretches[stretches.count - 1].append((column[k], moving[k])) }
        }
        return distances.compactMap { target in
            let best = stretches.map { fastest(target, along: $0) }.min() ?? .infinity
            return best.isFinite ? BestEffort(distanceMeters: target, seconds: best) : nil
        }
    }

    /// The fewest moving seconds in which `points` cover `target` metres (infinity when
    /// they are shorter).
    private static func fastest(_ target: Double, along points: [(distance: Double, moving: Double)]) -> Double {
        guard let first = points.first, let last = points.last, last.distance - first.distance >= target else { return .infinity }
        var best = Double.infinity
        var start = 0
        for end in points.indices where points[end].distance - first.distance >= target {
            let from = points[end].distance - target
            while start + 1 < end, points[start + 1].distance <= from { start += 1 }
            let p = points[start], q = points[start + 1]
            let fraction = q.distance > p.distance ? (from - p.distance) / (q.distance - p.distance) : 0
            let startMoving = p.moving + max(0, min(1, fraction)) * (q.moving - p.moving)
            best = min(best, points[end].moving - startMoving)
        }
        return best
    }
}
