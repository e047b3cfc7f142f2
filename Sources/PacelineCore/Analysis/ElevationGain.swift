import Foundation

/// Total ascent and descent that survive noisy altitude.
///
/// 1. **Believable steps** (`ElevationSeries`): for altimeter-grade altitude, a step
///    faster than anyone climbs or descends under their own power is an artefact (an
///    altimeter calibrating itself, a pressure transient) and adds nothing.
/// 2. **Smoothing** (`ElevationSmoothing`): barometric altitude is averaged over
///    `barometricSeconds` either side, since its noise is brief; satellite altitude over
///    `satelliteMeters` either side along the track, since it wanders for minutes and
///    hills are features of the road. A stop counts once, as one value, either way.
/// 3. **Hysteresis**: a climb or descent counts only once the elevation has moved
///    `hysteresis` metres away from the last confirmed turning point, and then counts
///    in full from that turning point. Ripples smaller than the band add nothing.
///
/// Segments are joined into one series before counting, with no change across a break:
/// what happened between segments was not recorded (distance follows the same rule),
/// while a climb interrupted by an auto-pause is still one climb, not two shorter ones
/// that might each fall inside the band.
public struct ElevationGain: Sendable, Hashable {
    public var ascent: Double
    public var descent: Double

    /// Seconds either side over which barometric altitude is averaged: a 10 s window
    /// takes the noise of a 1 Hz altimeter (0.1–0.6 m around its 10 s mean in the corpus:
    /// quantisation, gusts on a bike) down by a factor of about 3, and costs a climb
    /// about 2.5 s of climbing at each sharp turning point.
    static let barometricSeconds = 5.0
    /// Metres either side, along the track, over which satellite altitude is averaged:
    /// 100 m of road. Satellite altitude wanders by metres over minutes, and each hill
    /// top or valley floor picks up the wander's extreme; a wider window averages more
    /// of it away (at walking pace, 100 m is 70 s) but rounds off short hills more: a
    /// 10 % hill's top loses about 2.5 m (the grade times a quarter of the window).
    static let satelliteMeters = 50.0

    /// Ascent and descent along a profile. `barometric`: the elevations come from an
    /// altimeter (see `Activity.hasBarometricElevation`), otherwise from satellites.
    /// - Complexity: O(n).
    public init(profile: TrackProfile, barometric: Bool, hysteresis: Double) {
        let smoothing = barometric
            ? ElevationSmoothing(seconds: Self.barometricSeconds, meters: 0)
            : ElevationSmoothing(seconds: 0, meters: Self.satelliteMeters)
        self.init(segments: profile.segments.map { ElevationSeries(Self.samples(of: $0), altimeter: barometric) },
                  smoothing: smoothing, hysteresis: hysteresis)
    }

    /// Ascent and descent of fixes that have no position (indoor, barometer only), in file order.
    public init(unpositioned segments: [[Fix]], hysteresis: Double) {
        self.init(segments: segments.map { segment in
            ElevationSeries(segment.compactMap { fix in
                fix.elevation.map { ElevationSeries.Sample(time: fix.time?.timeIntervalSince1970, elevation: $0) }
            })
        }, smoothing: ElevationSmoothing(seconds: Self.barometricSeconds, meters: 0), hysteresis: hysteresis)
    }

    private init(segments: [ElevationSeries], smoothing: ElevationSmoothing, hysteresis band: Double) {
        var joined: [Double] = []
        joined.reserveCapacity(segments.reduce(0) { $0 + $1.samples.count })
        var end: Double?  // where the previous segment's (unsmoothed) series ended
        for series in segments where !series.samples.isEmpty {
            let shift = end.map { $0 - series.samples[0].elevation } ?? 0
            joined.append(contentsOf: smoothing.apply(to: series).lazy.map { $0 + shift })
            end = series.samples[series.samples.count - 1].elevation + shift
        }
        (ascent, descent) = joined.count > 1 ? Self.hysteresis(joined, band: band) : (0, 0)
    }

    /// The fixes of a profile segment that have an elevation, with their time and distance.
    private static func samples(of segment: TrackProfile.Segment) -> [ElevationSeries.Sample] {
        var samples: [ElevationSeries.Sample] = []
        samples.reserveCapacity(segment.count)
        for k in 0..<segment.count {
            guard let elevation = segment.elevations[k] else { continue }
            samples.append(ElevationSeries.Sample(time: segment.times?[k], along: segment.distances[k], elevation: elevation))
        }
        return samples
    }

    /// Ascent and descent of `elevations` counted with a band of `band` metres.
    static func hysteresis(_ elevations: [Double], band: Double) -> (ascent: Double, descent: Double) {
        var ascent = 0.0, descent = 0.0
        var anchor = elevations[0]   // last confirmed turning point
        var extreme = anchor         // highest (climbing) or lowest (descending) since the anchor
        var direction = 0            // 1 climbing, -1 descending, 0 not yet known
        for e in elevations.dropFirst() {
            switch direction {
            case 1:
                if e > extreme { extreme = e } else if extreme - e >= band {
                    ascent += extreme - anchor
                    anchor = extreme
                    extreme = e
                    direction = -1
                }
            case -1:
                if e < extreme { extreme = e } else if e - extreme >= band {
                    descent += anchor - extreme
                    anchor = extreme
                    extreme = e
                    direction = 1
                }
            default:
                if e - anchor >= band { direction = 1; extreme = e } else if anchor - e >= band { direction = -1; extreme = e }
            }
        }
        if direction == 1 { ascent += extreme - anchor } else if direction == -1 { descent += anchor - extreme }
        return (ascent, descent)
    }
}
