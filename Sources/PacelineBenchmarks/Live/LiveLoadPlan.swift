import Foundation

/// What a live load run does and when: `tokens.count` runners (one logged-in user each)
/// form sessions of `sessionSize` over the first `ramp` seconds, then each sends one fix
/// a second; what happens in the `duration`-second window after the ramp (and `settle`) is
/// measured.
///
/// ```
/// start ── ramp (sessions form, races start) ── settle ── window (measured) ── drain ── close
/// ```
public struct LiveLoadPlan: Sendable {
    /// The server's `ws://…/api/v1/live`.
    public var url: URL
    /// A bearer token per runner.
    public var tokens: [String]
    public var sessionSize: Int
    public var ramp: Double
    public var duration: Double
    /// When the first session starts forming.
    public var start: Date
    /// Seconds between the ramp's end and the window: the last sessions' countdown (3 s)
    /// and first fix.
    public var settle = 5.0
    /// Seconds after the window for progress about its last fixes to arrive.
    public var drain = 2.0
    /// The race distance: far enough that nobody finishes within the run.
    public var distanceMeters = 42_195.0

    public init(url: URL, tokens: [String], sessionSize: Int, ramp: Double, duration: Double, start: Date) {
        self.url = url
        self.tokens = tokens
        self.sessionSize = sessionSize
        self.ramp = ramp
        self.duration = duration
        self.start = start
    }

    /// The measured window: fixes due in it, and the progress about them, are counted.
    public var window: DateInterval {
        DateInterval(start: Self.date(windowMilliseconds.lowerBound), end: Self.date(windowMilliseconds.upperBound))
    }

    /// The window in milliseconds since 1970, bounded by odd ones. Fixes are due on even
    /// milliseconds, and a server may echo a fix's time a millisecond early (Foundation's
    /// ISO 8601 format truncates, and a parsed millisecond is a binary fraction a hair
    /// below it half the time): so a fix and its progress are always on the same side.
    var windowMilliseconds: Range<Int64> {
        let first = Self.odd((start.timeIntervalSince1970 + ramp + settle) * 1_000)
        return first..<(first + Int64((duration * 1_000).rounded()))
    }

    /// The odd millisecond at or after `milliseconds`.
    private static func odd(_ milliseconds: Double) -> Int64 {
        let whole = Int64(milliseconds.rounded(.up))
        return whole % 2 == 0 ? whole + 1 : whole
    }

    static func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1_000) }

    /// When the run is over: the window and the drain.
    public var end: Date { window.end.addingTimeInterval(drain) }

    /// The runners' indices by session: consecutive runs of `sessionSize`, a last single
    /// runner joining the session before it (a race needs two).
    public var sessions: [[Int]] {
        var groups = stride(from: 0, to: tokens.count, by: max(sessionSize, 2)).map {
            Array($0..<min($0 + max(sessionSize, 2), tokens.count))
        }
        if groups.count > 1, groups[groups.count - 1].count == 1 {
            groups[groups.count - 2] += groups.removeLast()
        }
        return groups
    }

    /// Runner `index`'s speed, m/s: 5.5–6.0, as fast runners go. `RaceProgress` credits
    /// distance in steps of 5 m, so a slower runner's 1 Hz fixes would bring a progress
    /// report only every other second; this way every fix fans out (the heaviest case).
    func speed(of index: Int) -> Double {
        5.5 + 0.5 * (Double(index) * 0.618_033_988_75).truncatingRemainder(dividingBy: 1)
    }

    /// Runner `index`'s place in the second, an even number of milliseconds: runners are
    /// spread evenly over it.
    func offsetMilliseconds(of index: Int) -> Int64 {
        Int64(index) * 500 / Int64(max(tokens.count, 1)) * 2
    }
}
