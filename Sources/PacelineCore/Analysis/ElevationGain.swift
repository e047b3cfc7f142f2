import Foundation

/// Total ascent and descent that survive noisy altitude.
///
/// Two steps per segment:
/// 1. **Smoothing**: each elevation is replaced by the mean of those within
///    `smoothingMeters / 2` of it along the track (±2 fixes when fixes have no position).
///    GPS altitude wanders by metres over a minute; hills are features of distance,
///    not time, so averaging over a stretch of road removes the wander for a walker
///    and a cyclist alike without flattening real climbs, which are hundreds of metres
///    long. Barometric altitude is already smooth and is not smoothed.
/// 2. **Hysteresis**: a climb or descent counts only once the elevation has moved
///    `hysteresis` metres away from the last confirmed turning point, and then counts
///    in full from that turning point. Ripples smaller than the band add nothing.
public struct ElevationGain: Sendable, Hashable {
    public var ascent: Double
    public var descent: Double

    /// Ascent and descent along a profile: elevations are placed by the profile's
    /// distance, which stands still during stops, so a stop's altitude wander is averaged away.
    /// - Complexity: O(n).
    public init(profile: TrackProfile, hysteresis: Double, smoothingMeters: Double) {
        self.init(samples: profile.segments.map { segment in
            zip(segment.distances, segment.elevations).compactMap { distance, elevation in
                elevation.map { (Optional(distance), $0) }
            }
        }, hysteresis: hysteresis, smoothingMeters: smoothingMeters)
    }

    /// Ascent and descent of fixes that have no position (indoor, barometer only), in file order.
    public init(unpositioned segments: [[Fix]], hysteresis: Double) {
        self.init(samples: segments.map { $0.compactMap { fix in fix.elevation.map { (nil, $0) } } },
                  hysteresis: hysteresis, smoothingMeters: 0)
    }

    private init(samples segments: [[Sample]], hysteresis: Double, smoothingMeters: Double) {
        var ascent = 0.0, descent = 0.0
        for samples in segments where samples.count > 1 {
            let smoothed = Self.smooth(samples, meters: smoothingMeters)
            let (up, down) = Self.hysteresis(smoothed, band: hysteresis)
            ascent += up
            descent += down
        }
        self.ascent = ascent
        self.descent = descent
    }

    typealias Sample = (along: Double?, elevation: Double)

    static func smooth(_ samples: [Sample], meters: Double) -> [Double] {
        let n = samples.count
        let positioned = samples.allSatisfy { $0.along != nil }
        var prefix = [Double](repeating: 0, count: n + 1)
        for i in 0..<n { prefix[i + 1] = prefix[i] + samples[i].elevation }
        var result = [Double](repeating: 0, count: n)
        var low = 0, high = 0
        for i in 0..<n {
            if positioned {
                guard meters > 0 else { return samples.map(\.elevation) }
                let d = samples[i].along!
                while samples[low].along! < d - meters / 2 { low += 1 }
                if high < i { high = i }
                while high + 1 < n, samples[high + 1].along! <= d + meters / 2 { high += 1 }
            } else {
                low = max(0, i - 2)
                high = min(n - 1, i + 2)
            }
            result[i] = (prefix[high + 1] - prefix[low]) / Double(high - low + 1)
        }
        return result
    }

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
