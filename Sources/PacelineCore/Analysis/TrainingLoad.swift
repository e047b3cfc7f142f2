import Foundation

/// How hard an activity was, as one number: Banister's training impulse (TRIMP), minutes
/// weighted by how far up the heart-rate reserve they were spent,
///
///     TRIMP = Σ minutes × r × 0.64 × e^(1.92 r),   r = (HR − rest) / (max − rest), held to 0…1
///
/// (Banister 1991; 0.64 and 1.92 are the coefficients for men, used for everyone as no sex
/// is kept). An hour at 69 % of the reserve (150 bpm for rest 60, max 190) is about 100.
///
/// Without heart rate, a run, walk or hike has its reserve estimated from pace and grade:
/// the oxygen cost of moving (ACSM's metabolic equations: VO₂ = 3.5 + 0.2 v + 0.9 v·grade
/// running, 3.5 + 0.1 v + 1.8 v·grade walking, v in m/min, in ml/kg/min), as a share of the
/// VO₂ reserve, which tracks the heart-rate reserve (Swain & Leutholtz 1997):
/// r = (VO₂ − 3.5) / (VO₂max − 3.5). A ride, swim or other activity without heart rate has
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

    /// Resting and maximum heart rate assumed, bpm (no one's own is kept yet).
    public static let restingHeartRate = 60.0
    public static let maximumHeartRate = 190.0
    /// The VO₂max assumed for a pace's estimate, ml/kg/min (a fit recreational runner).
    public static let vo2max = 45.0
    /// The shortest piece the track is measured in, seconds.
    public static let piece = 30.0
    /// The longest time between two fixes still counted, seconds.
    public static let longestGap = 60.0

    /// The load of `track` done as `sport`: from heart rate where at least half the timed
    /// fixes have one, else from pace for a sport on foot; nil when neither gives one.
    /// - Complexity: O(n) in the fixes.
    public static func of(_ track: Track, sport: Sport) -> TrainingLoad? {
        let timed = track.segments.joined().lazy.filter { $0.time != nil }
        let withHeartRate = timed.filter { $0.heartRate != nil }.count
        if withHeartRate > 0, withHeartRate * 2 >= timed.count {
            return TrainingLoad(value: impulse(track) { piece in piece.heartRate.map(reserve(heartRate:)) }, source: .heartRate)
        }
        guard let running = onFoot(sport) else { return nil }
        return TrainingLoad(value: impulse(track) { piece in
            piece.speed.map { reserve(speed: $0, grade: piece.grade, running: running) }
        }, source: .pace)
    }

    /// The share of the heart-rate reserve `heartRate` stands at, 0…1.
    public static func reserve(heartRate: Double) -> Double {
        min(1, max(0, (heartRate - restingHeartRate) / (maximumHeartRate - restingHeartRate)))
    }

    /// The share of the VO₂ reserve moving at `speed` m/s up `grade` (rise over run, a climb
    /// only) costs, running or walking, 0…1.
    public static func reserve(speed: Double, grade: Double, running: Bool) -> Double {
        let metresPerMinute = speed * 60, climb = max(0, grade)
        let vo2 = running ? 3.5 + 0.2 * metresPerMinute + 0.9 * metresPerMinute * climb
                          : 3.5 + 0.1 * metresPerMinute + 1.8 * metresPerMinute * climb
        return min(1, max(0, (vo2 - 3.5) / (vo2max - 3.5)))
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
