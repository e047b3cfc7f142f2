/// Turns workout cues into short sentences a voice can say, in kilometres or miles.
///
/// ```swift
/// WorkoutSpeaker(units: .metric).spoken(cue, in: intervals)  // "Interval 3 of 8: 400 metres, fast"
/// ```
public struct WorkoutSpeaker: Sendable {
    public var units: UnitSystem

    public init(units: UnitSystem = .metric) {
        self.units = units
    }

    /// The sentence for `cue` of a workout with `intervals`.
    public func spoken(_ cue: WorkoutCue, in intervals: [WorkoutInterval]) -> String {
        switch cue.kind {
        case .start:
            return "Interval \(cue.interval) of \(intervals.count): " + describe(intervals[cue.interval - 1])
        case .countdown:
            let left = cue.secondsLeft.map { duration($0) } ?? length(cue.metersLeft ?? 0)
            let next = cue.interval < intervals.count ? ", next: " + describe(intervals[cue.interval]) : ""
            return "\(left) left\(next)"
        case .tooSlow: return "Too slow, speed up"
        case .tooFast: return "Too fast, ease off"
        case .complete: return "Workout complete"
        }
    }

    /// "400 metres, fast", "2 minutes, rest", "1 kilometre at 5 minutes per kilometre".
    public func describe(_ interval: WorkoutInterval) -> String {
        let size = switch interval.length {
        case .seconds(let s): duration(s)
        case .meters(let m): length(m)
        }
        if let pace = interval.target.secondsPerKilometer {
            return "\(size) at \(duration(pace * units.metersPerUnit / 1000)) per \(units == .metric ? "kilometre" : "mile")"
        }
        return "\(size), \(interval.target.name)"
    }

    /// "1 minute 30 seconds", "45 seconds", "10 minutes" (whole seconds).
    public func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (minutes, rest) = (total / 60, total % 60)
        var words: [String] = []
        if minutes > 0 { words.append(Self.count(minutes, "minute")) }
        if rest > 0 || minutes == 0 { words.append(Self.count(rest, "second")) }
        return words.joined(separator: " ")
    }

    /// Metric: "400 metres" under 1 km, else "1.5 kilometres". Imperial: "440 yards" under
    /// 0.1 mi, else "0.25 miles" (at most two decimals).
    public func length(_ meters: Double) -> String {
        if units == .metric {
            if meters.rounded() < 1000 { return Self.count(Int(meters.rounded()), "metre") }
            return Self.amount(meters / 1000, "kilometre")
        }
        let miles = meters / units.metersPerUnit
        if miles < 0.095 { return Self.count(Int((meters / 0.9144).rounded()), "yard") }
        return Self.amount(miles, "mile")
    }

    /// "1 kilometre", "1.5 kilometres", "0.25 miles": at most two decimals, trailing zeros dropped.
    private static func amount(_ value: Double, _ noun: String) -> String {
        let hundredths = Int((value * 100).rounded())
        var text = "\(hundredths / 100)"
        if hundredths % 100 != 0 {
            let fraction = hundredths % 100
            text += "." + (fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)"))
        }
        return "\(text) \(noun)\(hundredths == 100 ? "" : "s")"
    }

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
