import Foundation
import PacelineAPI
import PacelineCore

/// What a runner may say of their physiology: a real day, and each number finite and
/// within a person's range (`Physiology`'s ranges), with messages for people.
enum PhysiologyCheck {
    /// The days an entry may start: 1970 to 2100.
    static let days = 0...LocalDay(text: "2100-12-31")!.number
    /// Hand-set zone bounds, bpm.
    static let boundRange = 30.0...240.0

    /// Fills `entry` with `input`'s values, checked one by one.
    /// - Throws: `Refusal` (invalid) naming the value out of range.
    static func fill(_ entry: PhysiologyEntry, from input: Components.Schemas.PhysiologyEntryInput) throws {
        guard let day = LocalDay(text: input.from), days.contains(day.number) else {
            throw Refusal.invalid("applies from: a day as YYYY-MM-DD, from 1970 to 2100")
        }
        entry.fromDay = day.number
        entry.restingHeartRate = try value(input.restingHeartRate, "the resting heart rate", in: Physiology.restingRange, unit: "bpm")
        entry.maximumHeartRate = try value(input.maximumHeartRate, "the maximum heart rate", in: Physiology.maximumRange, unit: "bpm")
        entry.thresholdHeartRate = try value(input.thresholdHeartRate, "the threshold heart rate", in: Physiology.thresholdRange, unit: "bpm")
        entry.thresholdPace = try value(input.thresholdPaceSecondsPerKilometer, "the threshold pace",
                                        in: Physiology.thresholdPaceRange, unit: "seconds per km (2:30 to 15:00 a km)")
        if let bounds = input.zoneBounds {
            guard bounds.count == 4 else { throw Refusal.invalid("zone bounds: give the 4 upper bounds of zones 1 to 4") }
            for bound in bounds { _ = try value(bound, "each zone bound", in: boundRange, unit: "bpm") }
            entry.zoneBounds = bounds
        } else {
            entry.zoneBounds = nil
        }
        guard [entry.restingHeartRate, entry.maximumHeartRate, entry.thresholdHeartRate, entry.thresholdPace].contains(where: { $0 != nil })
                || entry.zoneBounds != nil else {
            throw Refusal.invalid("give at least one value: resting, maximum or threshold heart rate, threshold pace or zone bounds")
        }
    }

    private static func value(_ value: Double?, _ name: String, in range: ClosedRange<Double>, unit: String) throws -> Double? {
        guard let value else { return nil }
        guard value.isFinite, range.contains(value) else {
            throw Refusal.invalid("\(name) must be from \(range.lowerBound.formatted(.number.grouping(.never))) to \(range.upperBound.formatted(.number.grouping(.never))) \(unit)")
        }
        return value
    }
}
