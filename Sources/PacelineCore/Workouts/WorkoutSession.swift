import Foundation

/// A workout in progress, driven by fixes as the phone delivers them: it knows which
/// interval the runner is in, how far and how long into it, their current pace, and it
/// gives the cues (docs/ALGORITHMS.md, "Interval workouts").
///
/// Fixes are accepted and distance measured by `LiveOdometer`, as a follow session does.
/// The workout clock runs from the first accepted fix and stops only for an explicit
/// `pause()` (a segment break); standing still does not stop it, since rest intervals
/// are often spent standing. An interval ends at the instant its length is reached,
/// interpolated linearly between the two fixes around it; what the runner covered past
/// that instant belongs to the next interval. After the last interval the session says
/// "complete" and keeps measuring until the runner stops recording.
///
/// ```swift
/// var session = WorkoutSession(plan: plan, bands: .default)
/// for fix in fixes { for cue in session.add(fix) { print(WorkoutSpeaker(units: .metric).spoken(cue, in: session.intervals)) } }
/// session.summary.intervals[0].status  // .completed
/// ```
public struct WorkoutSession: Sendable {
    /// The tunable constants of the cues.
    public struct Configuration: Sendable, Hashable {
        /// A countdown is said when this many seconds (or fewer) of the interval are left
        /// (for an interval by distance: metres left at the current pace).
        public var countdownSeconds = 5.0
        /// The current pace is measured over at least this many seconds, within the interval.
        public var paceWindow = 10.0
        /// Out of the band for this long (seconds) before a drift warning.
        public var driftDelay = 10.0
        /// A drift warning is repeated no sooner than this (seconds) within one interval.
        public var driftRepeat = 30.0
        /// Faster than this (m/s) between fixes is a GPS spike (the sport's, in `replay`).
        public var maximumSpeed = SportThresholds.for(.run).maximumSpeed

        public init() {}
    }

    /// Where one interval began and (once over) ended: workout clock and distance.
    public struct Mark: Sendable, Hashable {
        public var seconds: Double
        public var meters: Double
    }

    /// The intervals in running order (repeats expanded).
    public let intervals: [WorkoutInterval]
    public let bands: PaceBands
    public let configuration: Configuration

    /// Workout-clock seconds since the first accepted fix, pauses excluded.
    public private(set) var clock = 0.0
    /// Index of the interval in progress; `intervals.count` once the workout is complete.
    public private(set) var current = 0
    /// Start of each interval begun so far.
    public private(set) var starts: [Mark] = []
    /// End of each interval completed so far.
    public private(set) var ends: [Mark] = []

    private var odometer = LiveOdometer()
    /// (clock, distance) samples of the current interval, for the current pace.
    private var recent: [Mark] = []
    private var countdownSaid = false
    private var outOfBand: (since: Double, kind: WorkoutCue.Kind)?
    private var lastDriftCue: Double?

    /// A session running `plan`'s intervals against `bands`.
    public init(plan: WorkoutPlan, bands: PaceBands = .default, configuration: Configuration = Configuration()) {
        intervals = plan.intervals
        self.bands = bands
        self.configuration = configuration
        odometer.maximumSpeed = configuration.maximumSpeed
    }

    /// Metres covered since the start.
    public var distance: Double { odometer.distance }
    /// Whether the first fix has been accepted.
    public var isStarted: Bool { !starts.isEmpty }
    /// Whether every interval is over.
    public var isComplete: Bool { current >= intervals.count }

    /// Takes the runner's next fix; returns the cues it brings, in order.
    /// Fixes without position or time, inaccurate ones, spikes and fixes out of time order are ignored.
    /// - Complexity: amortised O(1 + intervals ended by this fix).
    public mutating func add(_ fix: Fix) -> [WorkoutCue] {
        let before = odometer.distance
        let last = odometer.lastFix?.time  // nil before the first fix and after a pause
        guard odometer.accept(fix), let time = odometer.lastFix?.time else { return [] }
        var cues: [WorkoutCue] = []
        guard let last else {
            if !isStarted, !intervals.isEmpty { begin(Mark(seconds: 0, meters: 0), cues: &cues) }
            return cues
        }
        let from = Mark(seconds: clock, meters: before)
        let to = Mark(seconds: clock + (time - last), meters: odometer.distance)
        endIntervals(from: from, to: to, cues: &cues)
        clock = to.seconds
        guard !isComplete else { return cues }
        recent.append(to)
        while recent.count > 2, to.seconds - recent[1].seconds >= configuration.paceWindow { recent.removeFirst() }
        countdown(&cues)
        checkDrift(&cues)
        return cues
    }

    /// A pause (the runner pressed pause, or the track has a segment break): the time
    /// and the way until the next fix count for nothing.
    public mutating func pause() {
        odometer.pause()
        recent = recent.last.map { [$0] } ?? []
    }

    /// Metres per second over the last `paceWindow` seconds of the current interval (0 when standing or unknown).
    public var currentSpeed: Double {
        guard let first = recent.first, let last = recent.last, last.seconds > first.seconds else { return 0 }
        return (last.meters - first.meters) / (last.seconds - first.seconds)
    }

    /// Seconds and metres into the current interval.
    public var intoInterval: Mark? {
        guard !isComplete, let start = starts.last else { return nil }
        return Mark(seconds: clock - start.seconds, meters: distance - start.meters)
    }

    private mutating func begin(_ mark: Mark, cues: inout [WorkoutCue]) {
        starts.append(mark)
        recent = [mark]
        countdownSaid = false
        outOfBand = nil
        lastDriftCue = nil
        cues.append(WorkoutCue(elapsedSeconds: mark.seconds, distanceMeters: mark.meters, interval: current + 1, kind: .start))
    }

    /// Ends every interval whose length is reached between `from` and `to`, at the interpolated instant.
    private mutating func endIntervals(from: Mark, to: Mark, cues: inout [WorkoutCue]) {
        while !isComplete, let start = starts.last {
            let end: Mark
            switch intervals[current].length {
            case .seconds(let seconds):
                let at = start.seconds + seconds
                guard to.seconds >= at else { return }
                let f = to.seconds > from.seconds ? (at - from.seconds) / (to.seconds - from.seconds) : 1
                end = Mark(seconds: at, meters: from.meters + f * (to.meters - from.meters))
            case .meters(let meters):
                let at = start.meters + meters
                guard to.meters >= at else { return }
                let f = to.meters > from.meters ? (at - from.meters) / (to.meters - from.meters) : 1
                end = Mark(seconds: from.seconds + f * (to.seconds - from.seconds), meters: at)
            }
            ends.append(end)
            current += 1
            if isComplete {
                cues.append(WorkoutCue(elapsedSeconds: end.seconds, distanceMeters: end.meters, interval: intervals.count, kind: .complete))
            } else {
                begin(end, cues: &cues)
            }
        }
    }

    /// Once per interval, when `countdownSeconds` or less are left (and the interval has
    /// run at least that long, so a short one does not open with a countdown).
    private mutating func countdown(_ cues: inout [WorkoutCue]) {
        guard !countdownSaid, let into = intoInterval, into.seconds >= configuration.countdownSeconds else { return }
        var cue = WorkoutCue(elapsedSeconds: clock, distanceMeters: distance, interval: current + 1, kind: .countdown)
        switch intervals[current].length {
        case .seconds(let seconds):
            let left = seconds - into.seconds
            guard left <= configuration.countdownSeconds else { return }
            cue.secondsLeft = left
        case .meters(let meters):
            let left = meters - into.meters
            let speed = currentSpeed
            guard speed > 0, left / speed <= configuration.countdownSeconds else { return }
            cue.metersLeft = left
        }
        countdownSaid = true
        cues.append(cue)
    }

    /// A drift warning when the current pace (judged once the interval's window spans
    /// `paceWindow`) has been out of the target's band for
    /// `driftDelay` seconds, repeated no sooner than `driftRepeat`; never for rest.
    private mutating func checkDrift(_ cues: inout [WorkoutCue]) {
        let target = intervals[current].target
        guard target != .rest, let first = recent.first, let last = recent.last,
              last.seconds - first.seconds >= configuration.paceWindow else { return }
        let band = bands.band(for: target)
        let speed = currentSpeed
        let pace = speed > 0 ? 1000 / speed : Double.infinity
        let kind: WorkoutCue.Kind? = pace > band.slowest ? .tooSlow : pace < band.fastest ? .tooFast : nil
        guard let kind else { outOfBand = nil; return }
        if outOfBand?.kind != kind { outOfBand = (clock, kind) }
        guard clock - outOfBand!.since >= configuration.driftDelay,
              lastDriftCue.map({ clock - $0 >= configuration.driftRepeat }) ?? true else { return }
        lastDriftCue = clock
        cues.append(WorkoutCue(elapsedSeconds: clock, distanceMeters: distance, interval: current + 1, kind: kind,
                               paceSecondsPerKilometer: pace.isFinite ? pace : nil))
    }
}
