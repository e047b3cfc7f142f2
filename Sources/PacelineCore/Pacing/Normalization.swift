import Foundation

/// Resampling a track to checkpoints at a fixed spacing of distance, so two runs of
/// one route can be compared point by point whatever their devices' sampling rates.
public enum Normalization {
    /// Metres between checkpoints.
    public static let spacing = 20.0

    /// The checkpoints of `activity`: one every `spacing` metres of distance, and one
    /// at the very end, each interpolated between the two fixes around it.
    ///
    /// Distance is measured along the smoothed positions of `TrackProfile` over the
    /// intervals it judged moving: it does not grow with the jitter of an athlete standing
    /// still, so a pause or a wait at a crossing adds no checkpoints but shows as a longer
    /// time between two of them; a stop that went farther than a standing GPS drifts (a
    /// slow stretch read as a stop) has its net displacement spread over its time, as the
    /// profile spreads it. Measured fix to fix rather than in the profile's 5 m steps,
    /// a checkpoint's distance is exactly the way to it along the checkpoints, even
    /// round a hairpin (which the profile's steps would cut by metres). Elapsed time counts
    /// from the activity's first timed fix, pauses included (a pace is a race against the clock).
    /// Untimed segments are left out.
    /// - Complexity: O(n) in the number of fixes.
    public static func checkpoints(of activity: Activity, spacing: Double = spacing) throws(PacingError) -> [Checkpoint] {
        let thresholds = SportThresholds.for(activity.sport)
        let (kept, _) = FixFilter(thresholds: thresholds).filter(activity.track)
        return try checkpoints(of: activity, profile: TrackProfile(segments: kept, thresholds: thresholds), spacing: spacing)
    }

    /// The checkpoints of `activity` along `profile`, its profile already computed with its
    /// sport's thresholds (as `ActivitySummary` computes it): the same as
    /// `checkpoints(of:spacing:)`, without filtering and profiling the track again.
    public static func checkpoints(of activity: Activity, profile: TrackProfile, spacing: Double = spacing) throws(PacingError) -> [Checkpoint] {
        let start = activity.track.segments.lazy.flatMap { $0 }.first { $0.time != nil }?.time
        return try checkpoints(of: profile, start: start, spacing: spacing)
    }

    /// The checkpoints along an already computed profile (see `checkpoints(of:spacing:)`),
    /// timed from `start` (the activity's first fix, positioned or not) or else from the
    /// profile's first timed point.
    public static func checkpoints(of profile: TrackProfile, start: Date? = nil, spacing: Double = spacing) throws(PacingError) -> [Checkpoint] {
        var samples: [Sample] = []
        var distance = 0.0
        for segment in profile.segments {
            guard let times = segment.times else { continue }
            var stopStart: Int?  // the sample a stop began at, while stopped
            for k in 0..<segment.count {
                if k > 0, segment.moving[k] {
                    if let start = stopStart {
                        distance = Sample.spread(&samples, stopFrom: start, to: samples.count - 1)
                        stopStart = nil
                    }
                    distance += Geodesy.distance(segment.positions[k - 1], segment.positions[k])
                } else if k > 0, stopStart == nil {
                    stopStart = samples.count - 1
                }
                samples.append(Sample(coordinate: segment.positions[k], distance: distance,
                                      time: times[k], elevation: segment.elevations[k]))
            }
        }
        guard let first = samples.first, let last = samples.last else { throw .noTimedPositions }
        let length = last.distance - first.distance
        guard length >= spacing else { throw .tooShort(meters: length) }

        let origin = min(start?.timeIntervalSince1970 ?? first.time, first.time)
        var checkpoints = [first.checkpoint(distance: 0, start: origin)]
        checkpoints.reserveCapacity(Int(length / spacing) + 2)
        var mark = spacing
        for i in samples.indices.dropFirst() {
            let before = samples[i - 1], after = samples[i]
            // The first pair that reaches a mark: a plateau (a stop) is passed over.
            while after.distance - first.distance >= mark, after.distance > before.distance {
                let fraction = (mark + first.distance - before.distance) / (after.distance - before.distance)
                checkpoints.append(Sample.interpolate(before, after, fraction).checkpoint(distance: mark, start: origin))
                mark += spacing
            }
        }
        if length - checkpoints[checkpoints.count - 1].distance >= 1,
           let end = samples.first(where: { $0.distance >= last.distance }) {
            checkpoints.append(end.checkpoint(distance: length, start: origin))
        }
        assignSpeeds(&checkpoints)
        return checkpoints
    }

    /// Speed at each checkpoint over the stretch from its predecessor to its successor.
    static func assignSpeeds(_ checkpoints: inout [Checkpoint]) {
        let last = checkpoints.count - 1
        for k in checkpoints.indices {
            let before = checkpoints[max(0, k - 1)], after = checkpoints[min(last, k + 1)]
            let seconds = after.elapsed - before.elapsed
            checkpoints[k].speed = seconds > 0 ? (after.distance - before.distance) / seconds : 0
        }
    }

    /// A timed, positioned point of the profile.
    private struct Sample {
        var coordinate: Coordinate
        var distance: Double
        var time: Double
        var elevation: Double?

        static func interpolate(_ a: Sample, _ b: Sample, _ f: Double) -> Sample {
            Sample(coordinate: Coordinate(latitude: a.coordinate.latitude + f * (b.coordinate.latitude - a.coordinate.latitude),
                                          longitude: a.coordinate.longitude + f * (b.coordinate.longitude - a.coordinate.longitude)),
                   distance: a.distance + f * (b.distance - a.distance),
                   time: a.time + f * (b.time - a.time),
                   elevation: a.elevation.flatMap { ea in b.elevation.map { ea + f * ($0 - ea) } } ?? a.elevation ?? b.elevation)
        }

        /// Spreads a stop's net displacement, from `samples[start]` (where it began) to
        /// `samples[end]` (its last), over its time, as `TrackProfile` does, when it went
        /// farther than a standing GPS drifts (`TrackProfile.stopDrift`): a slow stretch read
        /// as a stop is still the way it went. A standing stop adds nothing: spread, its
        /// drift of centimetres would place a checkpoint anywhere in a wait of minutes.
        /// Returns the distance at `end`.
        static func spread(_ samples: inout [Sample], stopFrom start: Int, to end: Int) -> Double {
            let base = samples[start].distance
            let displacement = Geodesy.distance(samples[start].coordinate, samples[end].coordinate)
            let seconds = samples[end].time - samples[start].time
            guard end > start, displacement > TrackProfile.stopDrift else { return base }
            for j in start + 1...end {
                samples[j].distance = base + displacement * (seconds > 0 ? (samples[j].time - samples[start].time) / seconds : 1)
            }
            return samples[end].distance
        }

        func checkpoint(distance: Double, start: Double) -> Checkpoint {
            Checkpoint(coordinate: coordinate, distance: distance, elapsed: time - start, speed: 0, elevation: elevation)
        }
    }
}
