import Foundation

/// How hard an activity was, as one number: Banister's training impulse (TRIMP), minutes
/// weighted by how far up the heart-rate reserve they were spent,
///
///     TRIMP = Σ minutes × r × 0.64 × e^(1.92 r),   r = (HR − rest) / (max − rest), held to 0…1
///
/// (Banister 1991; 0.64 and 1.92 are the coefficients for men, used for everyone as no sex
/// is kept), with the runner's resting and maximum heart rate in force on the activity's
/// day (`Physiology`; 60 and 190 when they said none). An hour at 69 % of the reserve
/// (150 bpm for rest 60, max 190) is about 100.
///
/// Without heart rate, a run, walk or hike has its reserve estimated from pace and grade:
/// the oxygen cost of moving (ACSM's metabolic equations: VO₂ = 3.5 + 0.2 v + 0.9 v·grade
/// running, 3.5 + 0.1 v + 1.8 v·grade walking, v in m/min, in ml/kg/min), as a share of the
/// VO₂ reserve, which tracks the heart-rate reserve (Swain & Leutholtz 1997):
/// r = (VO₂ − 3.5) / (VO₂max − 3.5). VO₂max is the runner's as their threshold pace says
/// (its running cost over 0.88: Daniels puts threshold pace at 88 % of VO₂max), else 45
/// ml/kg/min, a fit recreational runner's. A ride, swim or other activity without heart rate has
/// no load: its pace says too little of its effort.
///
/// The track is taken in pieces of at least `piece` seconds within a segment (a fix a
/// second is noisy over one second, not over thirty), each at its own average heart rate,
/// speed and climb; a gap longer than `longestGap` between two fixes (a pause, a lost
/// signal) is left out. docs/ALGORITHMS.md, "Training load".
public struct TrainingLoad: Sendable, Hashable, Codable {
    /// What the load was measured from.
    public enum Source: String, Sendable, Hashable, Codable, CaseIterable {
        case heartRate
        case pace
    }

    /// The training impulse, in TRIMP units (minutes at the reserve's bottom count 0).
    public var value: Double
    public var source: Source

    public init(value: Double, source: Source) {
        self.value = value
        self.source = source
    }

    /// The VO₂max assumed for a pace's estimate without a threshold pace, ml/kg/min (a fit recreational runner).
    public static let vo2max = 45.0
    /// The share of VO₂max threshold pace is run at (Daniels' T pace).
    public static let thresholdShare = 0.88
    /// The shortest piece the track is measured in, seconds.
    public static let piece = 30.0
    /// The longest time between two fixes still counted, seconds.
    public static let longestGap = 60.0

    /// The load of `track` done as `sport` by a runner of `physiology`: from heart rate
    /// where at least half the timed fixes have one, else from pace for a sport on foot;
    /// nil when neither gives one.
    /// - Complexity: O(n) in the fixes.
    public static func of(_ track: Track, sport: Sport, physiology: Physiology = .defaults) -> TrainingLoad? {
        let timed = track.segments.joined().lazy.filter { $0.time != nil }
        let withHeartRate = timed.filter { $0.heartRate != nil }.count
        if withHeartRate > 0, withHeartRate * 2 >= timed.count {
            return TrainingLoad(value: impulse(track) { piece in piece.heartRate.map(physiology.reserve(heartRate:)) }, source: .heartRate)
        }
        guard let running = onFoot(sport) else { return nil }
        let maximum = vo2max(thresholdPace: physiology.thresholdPace)
        return TrainingLoad(value: impulse(track) { piece in
            piece.speed.map { reserve(speed: $0, grade: piece.grade, running: running, vo2max: maximum) }
        }, source: .pace)
    }

    /// The VO₂max a threshold pace (seconds per kilometre) implies: its running cost over
    /// `thresholdShare`; `vo2max` without one.
    public static func vo2max(thresholdPace: Double?) -> Double {
        guard let pace = thresholdPace, pace > 0 else { return vo2max }
        return oxygenCost(metresPerMinute: 60_000 / pace, grade: 0, running: true) / thresholdShare
    }

    /// The share of the VO₂ reserve moving at `speed` m/s up `grade` (rise over run, a climb
    /// only) costs, running or walking, for a VO₂max of `vo2max`, 0…1.
    public static func reserve(speed: Double, grade: Double, running: Bool, vo2max: Double = vo2max) -> Double {
        let vo2 = oxygenCost(metresPerMinute: speed * 60, grade: grade, running: running)
        return min(1, max(0, (vo2 - 3.5) / (vo2max - 3.5)))
    }

    /// ACSM's oxygen cost of moving at `metresPerMinute` up `grade` (a climb only), ml/kg/min.
    private static func oxygenCost(metresPerMinute: Double, grade: Double, running: Bool) -> Double {
        let climb = max(0, grade)
        return running ? 3.5 + 0.2 * metresPerMinute + 0.9 * metresPerMinute * climb
                       : 3.5 + 0.1 * metresPerMinute + 1.8 * metresPerMinute * climb
    }

    /// TRIMP of `minutes` at reserve share `reserve`.
    public static func impulse(minutes: Double, reserve: Double) -> Double {
        minutes * reserve * 0.64 * exp(1.92 * reserve)
    }

    /// Whether `sport` is run (true) or walked (false); nil for a sport not on foot.
    private static func onFoot(_ sport: Sport) -> Bool? {
        switch sport {
        case .run: true
        case .walk, .hike: false
        case .ride, .swim, .other: nil
        }
    }

    /// One piece of a segment: its length in time, and what was measured over it.
    private struct Piece {
        var seconds = 0.0
        var heartBeats = 0.0, heartSeconds = 0.0
        var metres = 0.0, climb = 0.0, travelled = 0.0

        var heartRate: Double? { heartSeconds > 0 ? heartBeats / heartSeconds : nil }
        var speed: Double? { travelled > 0 ? metres / travelled : nil }
        var grade: Double { metres > 0 ? climb / metres : 0 }
    }

    /// Σ TRIMP over the track's pieces, each at the reserve `share` says (none: it counts 0).
    private static func impulse(_ track: Track, share: (Piece) -> Double?) -> Double {
        var total = 0.0
        for segment in track.segments {
            var piece = Piece()
            var previous: Fix?
            for fix in segment {
                guard let time = fix.time else { continue }
                defer { previous = fix }
                guard let before = previous, let then = before.time else { continue }
                let seconds = time.timeIntervalSince(then)
                guard seconds > 0, seconds <= longestGap else { continue }
                piece.seconds += seconds
                if let rate = before.heartRate ?? fix.heartRate {
                    let average = Double(rate + (fix.heartRate ?? rate)) / 2
                    piece.heartBeats += average * seconds
                    piece.heartSeconds += seconds
                }
                if let a = before.coordinate, let b = fix.coordinate {
                    let metres = Geodesy.distance(a, b)
                    piece.metres += metres
                    piece.travelled += seconds
                    if let up = before.elevation, let down = fix.elevation { piece.climb += down - up }
                }
                if piece.seconds >= TrainingLoad.piece {
                    total += impulse(minutes: piece.seconds / 60, reserve: share(piece) ?? 0)
                    piece = Piece()
                }
            }
            if piece.seconds > 0 { total += impulse(minutes: piece.seconds / 60, reserve: share(piece) ?? 0) }
        }
        return total
    }
}
