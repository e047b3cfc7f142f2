import Foundation

/// What a runner said of their physiology, each entry from a day on: the values in force
/// on a day are, value by value, those of the latest entry on or before it that gives one
/// (a new maximum heart rate keeps the resting one said before), else `Physiology.defaults`.
///
/// ```swift
/// let history = PhysiologyHistory([.init(from: LocalDay(number: 100), restingHeartRate: 48)])
/// history.inForce(on: LocalDay(number: 99)).restingHeartRate   // 60, the default
/// history.inForce(on: LocalDay(number: 100)).restingHeartRate  // 48
/// ```
public struct PhysiologyHistory: Sendable, Hashable {
    /// One dated entry: the values said from `from` on (nil: not said in it).
    public struct Entry: Sendable, Hashable {
        public var from: LocalDay
        public var restingHeartRate: Double?
        public var maximumHeartRate: Double?
        public var thresholdHeartRate: Double?
        public var thresholdPace: Double?
        public var zoneBounds: [Double]?

        public init(from: LocalDay, restingHeartRate: Double? = nil, maximumHeartRate: Double? = nil,
                    thresholdHeartRate: Double? = nil, thresholdPace: Double? = nil, zoneBounds: [Double]? = nil) {
            self.from = from
            self.restingHeartRate = restingHeartRate
            self.maximumHeartRate = maximumHeartRate
            self.thresholdHeartRate = thresholdHeartRate
            self.thresholdPace = thresholdPace
            self.zoneBounds = zoneBounds
        }
    }

    /// The entries, oldest first.
    public let entries: [Entry]

    /// `entries` in any order.
    public init(_ entries: [Entry]) {
        self.entries = entries.enumerated().sorted { ($0.element.from, $0.offset) < ($1.element.from, $1.offset) }.map(\.element)
    }

    /// No entry: the defaults everywhere.
    public static let none = PhysiologyHistory([])

    /// The values in force on `day`.
    /// - Complexity: O(entries).
    public func inForce(on day: LocalDay) -> Physiology {
        var values = Physiology.defaults
        for entry in entries where entry.from <= day {
            if let value = entry.restingHeartRate { values.restingHeartRate = value }
            if let value = entry.maximumHeartRate { values.maximumHeartRate = value }
            if let value = entry.thresholdHeartRate { values.thresholdHeartRate = value }
            if let value = entry.thresholdPace { values.thresholdPace = value }
            if let value = entry.zoneBounds { values.zoneBounds = value }
        }
        return values
    }
}
