import Foundation

/// One runner's race to a set distance, measured from the positions their phone sends:
/// the distance comes from the coordinates alone (never a distance the client claims),
/// impossible speeds are capped, and the finish is the instant the interpolated track
/// crossed the distance, not the time of the fix after it.
///
/// Rules (docs/ALGORITHMS.md, "Live races"): fixes without time or position, worse than
/// `maximumAccuracy`, or not later than the last one are ignored. Distance accrues in
/// steps of at least `minimumStep` metres from an anchor (GPS jitter while standing adds
/// nothing). A step faster than the sport's maximum speed is credited only
/// `maximumSpeed × seconds`. The clock starts at `start`: fixes before it only place the
/// runner, and the step across it counts only its share after the start.
///
/// ```swift
/// var race = RaceProgress(target: 5_000, start: go, sport: .run)
/// for fix in fixes { race.add(fix) }
/// race.finishSeconds  // 1_203.4, when they crossed 5 km
/// ```
public struct RaceProgress: Sendable {
    /// The tunable constants.
    public struct Configuration: Sendable, Hashable {
        /// Fixes worse than this horizontal accuracy (metres) are ignored.
        public var maximumAccuracy = 50.0
        /// Distance accrues in steps of at least this many metres.
        public var minimumStep = 5.0
        /// Current speed is measured over this many seconds.
        public var speedWindow = 5.0
        /// One point of the series per this many metres (the graphs need no more).
        public var seriesSpacing = 10.0

        public init() {}
    }

    /// A point of the distance–time and distance–speed graphs.
    public struct SeriesPoint: Sendable, Hashable, Codable {
        public var distanceMeters: Double
        public var seconds: Double
        public var speedMetersPerSecond: Double

        public init(distanceMeters: Double, seconds: Double, speedMetersPerSecond: Double) {
            self.distanceMeters = distanceMeters
            self.seconds = seconds
            self.speedMetersPerSecond = speedMetersPerSecond
        }
    }

    /// The distance to run, metres.
    public let target: Double
    /// The start instant, the same for every runner.
    public let start: Date
    /// Faster than this (m/s) is credited at this speed.
    public let maximumSpeed: Double
    public let configuration: Configuration

    /// Metres covered since the start, capped at `target` once finished.
    public private(set) var distance = 0.0
    /// Seconds from the start to the last accepted fix.
    public private(set) var elapsed = 0.0
    /// The runner's speed over the last `speedWindow` seconds, m/s.
    public private(set) var currentSpeed = 0.0
    /// The highest `currentSpeed` so far (over at least `speedWindow` seconds), m/s.
    public private(set) var maximumSpeedReached = 0.0
    /// Where the runner last was.
    public private(set) var position: Coordinate?
    /// Seconds from the start to the instant the track crossed `target`; nil before.
    public private(set) var finishSeconds: Double?
    /// Whether some step was faster than `maximumSpeed` and was capped.
    public private(set) var wasCapped = false
    /// Distance–time–speed points, one per `seriesSpacing` metres, ending at the finish.
    public private(set) var series: [SeriesPoint] = []

    private var anchor: (coordinate: Coordinate, time: Double)?
    private var lastTime: Double?
    /// (seconds, distance) when recent steps accrued, for the current speed.
    private var recent: [(seconds: Double, distance: Double)] = [(0, 0)]

    /// A race to `target` metres starting at `start`, for `sport` (its maximum speed caps steps).
    public init(target: Double, start: Date, sport: Sport, configuration: Configuration = Configuration()) {
        self.target = target
        self.start = start
        self.maximumSpeed = SportThresholds.for(sport).maximumSpeed
        self.configuration = configuration
        series = [SeriesPoint(distanceMeters: 0, seconds: 0, speedMetersPerSecond: 0)]
    }

    /// Whether the runner has crossed the distance.
    public var isFinished: Bool { finishSeconds != nil }

    /// Average speed from the start to the finish (or to the last fix), m/s.
    public var averageSpeed: Double {
        let seconds = finishSeconds ?? elapsed
        return seconds > 0 ? distance / seconds : 0
    }

    /// Takes the runner's next fix; returns whether it was accepted. Fixes after the
    /// finish are ignored.
    /// - Complexity: amortised O(1).
    @discardableResult
    public mutating func add(_ fix: Fix) -> Bool {
        guard !isFinished, let date = fix.time, let coordinate = fix.coordinate, coordinate.isValid,
              (fix.horizontalAccuracy ?? 0) <= configuration.maximumAccuracy else { return false }
        let time = date.timeIntervalSince(start)
        if let lastTime, time <= lastTime { return false }
        lastTime = time
        position = coordinate
        guard let anchor else {
            self.anchor = (coordinate, time)
            return true
        }
        guard time > 0 else {
            self.anchor = (coordinate, time)  // before the start: only where they stand
            return true
        }
        elapsed = time
        let step = Geodesy.distance(anchor.coordinate, coordinate)
        let accrued = step >= configuration.minimumStep
        if accrued {
            let from = max(anchor.time, 0)
            let share = (time - from) / (time - anchor.time)  // the part of the step after the start
            var credited = step * share
            if credited > maximumSpeed * (time - from) {
                credited = maximumSpeed * (time - from)
                wasCapped = true
            }
            self.anchor = (coordinate, time)
            advance(by: credited, from: from, to: time)
        }
        measureSpeed(accrued: accrued)
        if isFinished || distance - series[series.count - 1].distanceMeters >= configuration.seriesSpacing {
            series.append(SeriesPoint(distanceMeters: distance, seconds: elapsed, speedMetersPerSecond: currentSpeed))
        }
        return true
    }

    private mutating func advance(by metres: Double, from: Double, to time: Double) {
        let before = distance
        if before + metres >= target {
            let crossing = from + (target - before) / metres * (time - from)
            distance = target
            elapsed = crossing
            finishSeconds = crossing
        } else {
            distance = before + metres
        }
    }

    /// Current speed over the last `speedWindow` seconds, measured between the instants
    /// distance accrued (so the 5 m steps do not make it jump); a runner who has not moved
    /// a step for `speedWindow` seconds has stopped. The top speed counts whole windows.
    private mutating func measureSpeed(accrued: Bool) {
        guard accrued else {
            if let lastStep = recent.last, elapsed - lastStep.seconds >= configuration.speedWindow { currentSpeed = 0 }
            return
        }
        recent.append((elapsed, distance))
        while recent.count > 2, elapsed - recent[1].seconds >= configuration.speedWindow { recent.removeFirst() }
        let window = recent[0]
        if elapsed - window.seconds > 0 {
            currentSpeed = (distance - window.distance) / (elapsed - window.seconds)
            if elapsed - window.seconds >= configuration.speedWindow { maximumSpeedReached = max(maximumSpeedReached, currentSpeed) }
        }
        // A race shorter than the speed window still has a top speed: at least its average.
        if isFinished { maximumSpeedReached = max(maximumSpeedReached, averageSpeed) }
    }
}
