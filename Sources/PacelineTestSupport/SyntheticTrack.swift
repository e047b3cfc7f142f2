import Foundation
import PacelineCore
import PacelineSynthetic

/// Builds tracks whose truth is known: a path of legs in metres east/north of an
/// origin, covered at a set speed, with pauses, a known elevation profile, and
/// optionally realistic GPS noise and spikes.
///
/// ```swift
/// var builder = SyntheticTrack(origin: Coordinate(latitude: 46.05, longitude: 14.5))
/// builder.legs = [(east: 1000, north: 0), (east: 0, north: 1000)]
/// let track = builder.build()   // 1 Hz fixes, truth in builder.truth
/// ```
public struct SyntheticTrack {
    /// What the track really did.
    public struct Truth: Sendable {
        public var distance: Double
        public var movingSeconds: Double
        public var elapsedSeconds: Double
        public var ascent: Double
        public var descent: Double
    }

    public var origin: Coordinate
    /// Consecutive displacements in metres (east, north).
    public var legs: [(east: Double, north: Double)] = []
    /// Metres per second while moving.
    public var speed = 3.0
    /// Pauses: at this distance along the path, stand still for this many seconds.
    public var pauses: [(atDistance: Double, seconds: Double)] = []
    /// Elevation (metres) as a function of distance along the path.
    public var elevation: @Sendable (Double) -> Double = { _ in 100 }
    /// Seconds between fixes.
    public var interval = 1.0
    /// Horizontal GPS error, metres: a slow wander of about this size (its drift
    /// velocity correlated over 20 s, as multipath and atmosphere make it) plus white
    /// jitter of a sixth of it, fix to fix.
    public var horizontalNoise = 0.0
    /// Altitude error, metres, with the same shape (GPS altitude wanders more than position).
    public var verticalNoise = 0.0
    /// One fix in this many is thrown hundreds of metres off (0: none).
    public var spikeEvery = 0
    public var start = Date(timeIntervalSince1970: 1_780_000_000)
    public var seed: UInt64 = 42

    public init(origin: Coordinate) {
        self.origin = origin
    }

    /// The path's length in metres.
    public var pathLength: Double { legs.reduce(0) { $0 + ($1.east * $1.east + $1.north * $1.north).squareRoot() } }

    /// Builds the track and, from the noise-free fixes, its truth (distance by Vincenty).
    public func build() -> (track: Track, truth: Truth) {
        var random = SeededRandom(seed: seed)
        var fixes: [Fix] = []
        var clean: [Coordinate] = []
        var t = 0.0, along = 0.0, moving = 0.0
        var pauseQueue = pauses.sorted { $0.atDistance < $1.atDistance }
        var noise = NoiseModel(horizontal: horizontalNoise, vertical: verticalNoise, interval: interval)
        let total = pathLength
        var index = 0
        while true {
            let (east, north) = point(at: along)
            let exact = coordinate(east: east, north: north)
            var error = noise.next(&random)
            var observed = coordinate(east: east + error.east, north: north + error.north)
            if spikeEvery > 0, index > 0, index % spikeEvery == 0 {
                observed = coordinate(east: east + 400, north: north - 300)
            }
            fixes.append(Fix(time: start.addingTimeInterval(t), coordinate: observed,
                             elevation: elevation(along) + error.up))
            clean.append(exact)
            index += 1
            if along >= total { break }
            if let pause = pauseQueue.first, along >= pause.atDistance {
                pauseQueue.removeFirst()
                var stood = 0.0
                while stood + interval <= pause.seconds {
                    stood += interval
                    t += interval
                    error = noise.next(&random)
                    fixes.append(Fix(time: start.addingTimeInterval(t),
                                     coordinate: coordinate(east: east + error.east, north: north + error.north),
                                     elevation: elevation(along) + error.up))
                    clean.append(exact)
                }
            }
            let step = min(speed * interval, total - along)
            along += step
            t += step / speed
            moving += step / speed
        }
        var distance = 0.0
        for (a, b) in zip(clean, clean.dropFirst()) { distance += Geodesy.vincenty(a, b) ?? Geodesy.haversine(a, b) }
        var ascent = 0.0, descent = 0.0
        var previous = elevation(0)
        var d = 0.0
        while d < total {
            d = min(total, d + 1)
            let e = elevation(d)
            if e > previous { ascent += e - previous } else { descent += previous - e }
            previous = e
        }
        return (Track(segments: [fixes]), Truth(distance: distance, movingSeconds: moving, elapsedSeconds: t, ascent: ascent, descent: descent))
    }

    /// A straight out-and-back or loop is built from legs; this gives the planar point `along` metres in.
    private func point(at along: Double) -> (Double, Double) {
        var remaining = along, east = 0.0, north = 0.0
        for leg in legs {
            let length = (leg.east * leg.east + leg.north * leg.north).squareRoot()
            if remaining <= length {
                let f = length > 0 ? remaining / length : 0
                return (east + f * leg.east, north + f * leg.north)
            }
            remaining -= length
            east += leg.east
            north += leg.north
        }
        return (east, north)
    }

    /// Converts a local offset to a coordinate with the WGS-84 radii at the origin
    /// (exact enough for paths of a few kilometres; truth is measured on the result anyway).
    private func coordinate(east: Double, north: Double) -> Coordinate {
        let phi = origin.latitude * .pi / 180
        let e2 = Geodesy.flattening * (2 - Geodesy.flattening)
        let w2 = 1 - e2 * sin(phi) * sin(phi)
        let n = Geodesy.equatorialRadius / w2.squareRoot()
        let m = Geodesy.equatorialRadius * (1 - e2) / (w2 * w2.squareRoot())
        return Coordinate(latitude: origin.latitude + north / m * 180 / .pi,
                          longitude: origin.longitude + east / (n * cos(phi)) * 180 / .pi)
    }
}

/// GPS error as receivers show it: a wander whose drift velocity is correlated over
/// 20 s and pulled back towards zero over a few minutes, plus small white jitter.
struct NoiseModel {
    var horizontal: Double
    var vertical: Double
    var interval: Double
    private var wander = [0.0, 0.0, 0.0]
    private var drift = [0.0, 0.0, 0.0]

    init(horizontal: Double, vertical: Double, interval: Double) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.interval = interval
    }

    mutating func next(_ random: inout SeededRandom) -> (east: Double, north: Double, up: Double) {
        let driftCorrelation = exp(-interval / 20)
        let pull = exp(-interval / 180)
        var out = [0.0, 0.0, 0.0]
        for axis in 0..<3 {
            let size = axis == 2 ? vertical : horizontal
            // Drift speed of about size/40 per second keeps the wander near `size`.
            drift[axis] = driftCorrelation * drift[axis]
                + (1 - driftCorrelation * driftCorrelation).squareRoot() * random.gaussian(standardDeviation: size / 40)
            wander[axis] = pull * wander[axis] + drift[axis] * interval
            out[axis] = wander[axis] + random.gaussian(standardDeviation: size / 6)
        }
        return (out[0], out[1], out[2])
    }
}
