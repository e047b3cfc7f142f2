import Foundation
import PacelineCore

/// A run whose speed changes by phase, fixes every second along a straight line north,
/// for workouts with known answers: "50 s at 4 m/s, stand 20 s, pause 100 s, 30 s at 2 m/s".
///
/// ```swift
/// let run = PhasedRun(phases: [.move(seconds: 50, speed: 4), .pause(seconds: 100)]).activity
/// ```
public struct PhasedRun {
    public enum Phase {
        /// Moving at `speed` m/s (0: standing) for whole `seconds`, one fix each second.
        case move(seconds: Int, speed: Double)
        /// The runner pressed pause: no fixes for `seconds`, during which they moved
        /// `metersMoved` (not counted); the next fix starts a new segment.
        case pause(seconds: Double, metersMoved: Double = 0)
    }

    public var origin = Coordinate(latitude: 51.5, longitude: -0.12)
    public var start = Date(timeIntervalSince1970: 1_780_000_000)
    public var phases: [Phase]
    public var sport = Sport.run

    public init(phases: [Phase]) {
        self.phases = phases
    }

    /// The run: a first fix at the origin, then one per second of each phase.
    public var activity: Activity {
        var segments: [[Fix]] = [[]]
        var t = 0.0, north = 0.0
        segments[0].append(fix(t, north))
        for phase in phases {
            switch phase {
            case .move(let seconds, let speed):
                for _ in 0..<seconds {
                    t += 1
                    north += speed
                    segments[segments.count - 1].append(fix(t, north))
                }
            case .pause(let seconds, let moved):
                t += seconds
                north += moved
                segments.append([fix(t, north)])
            }
        }
        return Activity(format: .gpx, sport: sport, track: Track(segments: segments))
    }

    private func fix(_ t: Double, _ north: Double) -> Fix {
        // Metres north to degrees with the meridian radius of curvature at the origin.
        let phi = origin.latitude * .pi / 180
        let e2 = Geodesy.flattening * (2 - Geodesy.flattening)
        let w2 = 1 - e2 * sin(phi) * sin(phi)
        let m = Geodesy.equatorialRadius * (1 - e2) / (w2 * w2.squareRoot())
        return Fix(latitude: origin.latitude + north / m * 180 / .pi, longitude: origin.longitude,
                   elevation: 20, time: start.addingTimeInterval(t))
    }
}
