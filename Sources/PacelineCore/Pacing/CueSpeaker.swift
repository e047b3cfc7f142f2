/// Turns pacing cues into short sentences a voice can say, and decides which cues are
/// worth saying: the same throttling on every client, so a phone neither nags every
/// five seconds nor stays silent when things change.
///
/// Rules: a change of state (reaching the route, leaving it, coming back, finishing) is
/// always said; on the route the gap is said when its whole seconds moved by at least
/// `minimumChange` since it was last said, or `repeatInterval` seconds have passed;
/// each whole kilometre (or mile) is announced with the gap.
///
/// ```swift
/// var speaker = CueSpeaker(units: .metric)
/// speaker.spoken(for: cue)  // "1 kilometre, 12 seconds ahead"
/// ```
public struct CueSpeaker: Sendable {
    public var units: UnitSystem
    /// Whole seconds the gap must move before it is said again.
    public var minimumChange = 3
    /// Seconds after which the gap is said again even if unchanged.
    public var repeatInterval = 30.0

    private enum State: Equatable { case notStarted, onRoute, deviated, finished }
    private var state: State?
    private var lastGap: (elapsed: Double, seconds: Int)?
    private var unitsAnnounced = 0

    public init(units: UnitSystem = .metric) {
        self.units = units
    }

    /// The sentence to say for `cue`, or nil when it is better left unsaid.
    public mutating func spoken(for cue: Cue) -> String? {
        let now: State = cue.finished ? .finished : !cue.started ? .notStarted : cue.deviated ? .deviated : .onRoute
        let previous = state
        state = now
        let units = Int(cue.distanceMeters / self.units.metersPerUnit)
        let milestone = units > unitsAnnounced
        unitsAnnounced = max(unitsAnnounced, units)
        switch now {
        case .notStarted:
            return previous == nil ? "Head to the start of the route" : nil
        case .deviated:
            return previous == .deviated ? nil : "Deviated from route"
        case .finished:
            return previous == .finished ? nil : "Finished, " + sayGap(cue)
        case .onRoute:
            switch previous {
            case .deviated?: return "Back on route, " + sayGap(cue)
            case .notStarted?: return "On route, " + sayGap(cue)
            default: break
            }
            let seconds = Self.wholeSeconds(cue.aheadSeconds ?? 0)
            if let last = lastGap, !milestone, abs(seconds - last.seconds) < minimumChange,
               cue.elapsedSeconds - last.elapsed < repeatInterval { return nil }
            let gap = sayGap(cue)
            return milestone ? Self.count(units, self.units == .metric ? "kilometre" : "mile") + ", " + gap : gap
        }
    }

    private mutating func sayGap(_ cue: Cue) -> String {
        let ahead = cue.aheadSeconds ?? 0
        lastGap = (cue.elapsedSeconds, Self.wholeSeconds(ahead))
        return Self.gap(ahead)
    }

    /// "12 seconds ahead", "1 minute 5 seconds behind", "on pace".
    public static func gap(_ aheadSeconds: Double) -> String {
        let seconds = abs(wholeSeconds(aheadSeconds))
        guard seconds > 0 else { return "on pace" }
        let (minutes, rest) = (seconds / 60, seconds % 60)
        var words: [String] = []
        if minutes > 0 { words.append(count(minutes, "minute")) }
        if rest > 0 { words.append(count(rest, "second")) }
        return words.joined(separator: " ") + (aheadSeconds > 0 ? " ahead" : " behind")
    }

    private static func wholeSeconds(_ seconds: Double) -> Int { Int(seconds.rounded()) }

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
