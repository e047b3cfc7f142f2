import Foundation

/// Heart rate, cadence and power over an activity, as a watch's summary gives them: each
/// a time-weighted average (a reading holds until the next, up to `SensorSummary.heldFor`)
/// and the maximum.
///
/// Cadence is shown as people read it: steps per minute on foot (a device that wrote
/// strides of one leg, as Garmin's FIT, TCX and GPX do, is doubled, by `StepCount`'s
/// rule), revolutions per minute on a bike.
public struct SensorSummary: Sendable, Hashable, Codable {
    /// One sensor's average, minimum and maximum.
    public struct Measure: Sendable, Hashable, Codable {
        public var average: Double
        public var minimum: Int
        public var maximum: Int

        public init(average: Double, minimum: Int, maximum: Int) {
            self.average = average
            self.minimum = minimum
            self.maximum = maximum
        }
    }

    /// Seconds a reading holds before the next: a longer gap is a pause, not a held value.
    public static let heldFor = 60.0

    /// Beats per minute.
    public var heartRate: Measure?
    /// Steps per minute on foot, revolutions per minute otherwise.
    public var cadence: Measure?
    /// Watts.
    public var power: Measure?

    public init(heartRate: Measure? = nil, cadence: Measure? = nil, power: Measure? = nil) {
        self.heartRate = heartRate
        self.cadence = cadence
        self.power = power
    }

    /// - Complexity: O(n), plus a sort of the cadences when there are some (their median).
    public init(_ activity: Activity) {
        let fixes = activity.track.fixes
        heartRate = Self.measure(fixes, \.heartRate)
        power = Self.measure(fixes, \.power)
        let scale = Double(Self.cadenceScale(of: activity))
        cadence = Self.measure(fixes, \.cadence).map {
            Measure(average: $0.average * scale, minimum: $0.minimum * Int(scale), maximum: $0.maximum * Int(scale))
        }
    }

    /// What the device's cadence is multiplied by to be shown: 2 for strides of one leg on
    /// foot (a median under `StepCount.stepsPerMinuteAbove`), else 1.
    public static func cadenceScale(of activity: Activity) -> Int {
        guard [.walk, .hike, .run].contains(activity.sport) else { return 1 }
        let cadences = activity.track.fixes.compactMap(\.cadence).filter { $0 > 0 }.sorted()
        guard !cadences.isEmpty else { return 1 }
        return Double(cadences[cadences.count / 2]) < StepCount.stepsPerMinuteAbove ? 2 : 1
    }

    /// The time-weighted average, the minimum and the maximum of the positive readings at `reading`; nil with none.
    /// (`reading` is a function, not a `KeyPath`: a key path's projection per fix was a
    /// tenth of `paceline analyze`'s time; `\.heartRate` passes as either.)
    static func measure(_ fixes: some Sequence<Fix>, _ reading: (Fix) -> Int?) -> Measure? {
        var weighted = 0.0, weights = 0.0, sum = 0, count = 0, minimum = Int.max, maximum = Int.min
        var previous: (value: Int, time: Date)?
        for fix in fixes {
            guard let value = reading(fix), value > 0 else { continue }
            sum += value
            count += 1
            minimum = min(minimum, value)
            maximum = max(maximum, value)
            guard let time = fix.time else { continue }
            if let previous {
                let seconds = time.timeIntervalSince(previous.time)
                if seconds > 0 && seconds < heldFor {
                    weighted += Double(previous.value) * seconds
                    weights += seconds
                }
            }
            previous = (value, time)
        }
        guard count > 0 else { return nil }
        return Measure(average: weights > 0 ? weighted / weights : Double(sum) / Double(count), minimum: minimum, maximum: maximum)
    }
}

/// The sensors' readings along an activity at given moments, for a chart beside pace and
/// elevation: each sensor's last reading at or before the moment, if it is no older than
/// `SensorSummary.heldFor`.
public struct SensorReading: Sendable, Hashable {
    public var heartRate: Int?
    /// As `SensorSummary.cadence`: steps per minute on foot.
    public var cadence: Int?
    public var power: Int?

    /// The readings at each of `elapsed` (seconds since `start`, ascending), in order.
    /// - Complexity: O(n log n + m) for n fixes and m moments (the fixes are put in time order once).
    public static func readings(of activity: Activity, since start: Date, at elapsed: [Double]) -> [SensorReading] {
        let timed = activity.track.fixes.filter { $0.time != nil && ($0.heartRate != nil || $0.cadence != nil || $0.power != nil) }
            .sorted { $0.time! < $1.time! }
        guard !timed.isEmpty else { return Array(repeating: SensorReading(), count: elapsed.count) }
        let scale = SensorSummary.cadenceScale(of: activity)
        var index = 0
        var last: (heartRate: (Int, Date)?, cadence: (Int, Date)?, power: (Int, Date)?) = (nil, nil, nil)
        func fresh(_ value: (Int, Date)?, at moment: Date) -> Int? {
            guard let (reading, time) = value, moment.timeIntervalSince(time) <= SensorSummary.heldFor else { return nil }
            return reading
        }
        return elapsed.map { seconds in
            let moment = start.addingTimeInterval(seconds)
            while index < timed.count, let time = timed[index].time, time <= moment {
                let fix = timed[index]
                if let value = fix.heartRate, value > 0 { last.heartRate = (value, time) }
                if let value = fix.cadence, value > 0 { last.cadence = (value * scale, time) }
                if let value = fix.power, value >= 0 { last.power = (value, time) }
                index += 1
            }
            return SensorReading(heartRate: fresh(last.heartRate, at: moment), cadence: fresh(last.cadence, at: moment),
                                 power: fresh(last.power, at: moment))
        }
    }
}
