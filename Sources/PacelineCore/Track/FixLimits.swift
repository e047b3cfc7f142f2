import Foundation

/// The values a fix may hold to be believed. Every number from outside (a file, a phone,
/// a client) is checked against them before anything is computed or stored, so no
/// statistic is ever made of infinity or of a 50 km high mountain.
///
/// A fix whose position can't be true (a latitude or longitude that is not finite or out
/// of range, a horizontal accuracy that is not a finite, non-negative number of at most
/// 10 km) is dropped whole. Any other value out of its range is removed from its fix,
/// which is kept: an absurd elevation says nothing of where the runner was. A time out of
/// range is removed too, and `FixFilter` then leaves the untimed fix out of a timed
/// segment (a converter that wrote 1901 everywhere leaves an untimed track).
///
/// ```swift
/// let limits = FixLimits(now: Date())
/// let (track, screening) = limits.screen(activity.track)
/// screening.description   // "1 value removed (elevation outside -500…9000 m: 1)"
/// ```
public struct FixLimits: Sendable, Hashable {
    /// The values of a fix that are checked.
    public enum Field: String, CaseIterable, Sendable, Codable {
        case latitude, longitude, horizontalAccuracy, time, elevation, speed, distance, heartRate, cadence, power

        /// Whether a value out of range drops its whole fix (the position is unknown), or
        /// only itself.
        public var dropsFix: Bool {
            switch self {
            case .latitude, .longitude, .horizontalAccuracy: true
            case .time, .elevation, .speed, .distance, .heartRate, .cadence, .power: false
            }
        }

        /// The range and its unit, for people: "-500…9000 m".
        public func allowed(by limits: FixLimits) -> String {
            switch self {
            case .time:
                "\(Self.day(FixLimits.earliestTime))…\(Self.day(limits.latestTime))"
            default:
                "\(Self.number(limits.range(of: self).lowerBound))…\(Self.number(limits.range(of: self).upperBound))\(unit)"
            }
        }

        private var unit: String {
            switch self {
            case .latitude, .longitude: "°"
            case .horizontalAccuracy, .elevation, .distance: " m"
            case .speed: " m/s"
            case .heartRate: " bpm"
            case .cadence: " per minute"
            case .power: " W"
            case .time: ""
            }
        }

        private static func number(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(value)
        }

        private static func day(_ date: Date) -> String {
            String(ISO8601DateFormatter().string(from: date).prefix(10))
        }
    }

    /// What a screening left out.
    public struct Screening: Sendable, Hashable, CustomStringConvertible {
        /// Fixes dropped whole, by the field that condemned them (the first one checked).
        public var droppedFixes: [Field: Int] = [:]
        /// Values removed from fixes that were kept, by field.
        public var removedValues: [Field: Int] = [:]
        /// The limits it was screened with.
        public let limits: FixLimits

        public init(limits: FixLimits) {
            self.limits = limits
        }

        /// Whether nothing was left out.
        public var isEmpty: Bool { droppedFixes.isEmpty && removedValues.isEmpty }
        public var droppedFixCount: Int { droppedFixes.values.reduce(0, +) }
        public var removedValueCount: Int { removedValues.values.reduce(0, +) }

        /// Every field with something left out, with its count, in `Field` order.
        public var problems: [(field: Field, count: Int)] {
            Field.allCases.compactMap { field in
                let count = (droppedFixes[field] ?? 0) + (removedValues[field] ?? 0)
                return count > 0 ? (field, count) : nil
            }
        }

        /// "2 fixes dropped (latitude outside -90…90°: 2); 1 value removed (elevation outside -500…9000 m: 1)".
        public var description: String {
            func part(_ counts: [Field: Int], _ noun: String, _ verb: String) -> String? {
                let total = counts.values.reduce(0, +)
                guard total > 0 else { return nil }
                let reasons = Field.allCases.compactMap { field in
                    counts[field].map { "\(field.rawValue) outside \(field.allowed(by: limits)): \($0)" }
                }
                return "\(total) \(noun)\(total == 1 ? "" : "s") \(verb) (\(reasons.joined(separator: ", ")))"
            }
            let parts = [part(droppedFixes, "fix", "dropped"), part(removedValues, "value", "removed")].compactMap { $0 }
            return parts.isEmpty ? "nothing left out" : parts.joined(separator: "; ")
        }
    }

    public static let latitude = -90.0...90.0
    public static let longitude = -180.0...180.0
    /// A phone's estimate of its own error; worse than 10 km is no position at all.
    public static let horizontalAccuracy = 0.0...10_000
    /// Metres above sea level: the Dead Sea shore is at −430 m, Everest's summit at 8,849 m.
    public static let elevation = -500.0...9_000
    /// A device's own speed, m/s: above anything the sports here reach (`other` is
    /// filtered at 70 m/s).
    public static let speed = 0.0...150
    /// A device's own cumulative distance, metres (10,000 km).
    public static let distance = 0.0...10_000_000
    /// Beats per minute: below 20 or above 250 is a sensor fault, not a heart.
    public static let heartRate = 20.0...250
    /// Strides or revolutions per minute (FIT stores one byte).
    public static let cadence = 0.0...255
    /// Watts: a track sprinter's peak is about 2,500.
    public static let power = 0.0...3_000
    /// The earliest believable time, 1990-01-01T00:00:00Z: before consumer GPS (a clock at
    /// its epoch, a GPS week rollover).
    public static let earliestTime = Date(timeIntervalSince1970: 631_152_000)
    /// How far past the server's clock a time may be: a day, for a phone whose clock is
    /// wrong by a time zone.
    public static let futureAllowance: TimeInterval = 86_400

    /// The latest believable time: `futureAllowance` after `now`.
    public let latestTime: Date

    /// The limits as of `now` (the latest believable time follows it).
    public init(now: Date = Date()) {
        latestTime = now.addingTimeInterval(Self.futureAllowance)
    }

    /// The allowed range of `field` (times as seconds since 1970).
    public func range(of field: Field) -> ClosedRange<Double> {
        switch field {
        case .latitude: Self.latitude
        case .longitude: Self.longitude
        case .horizontalAccuracy: Self.horizontalAccuracy
        case .time: Self.earliestTime.timeIntervalSince1970...latestTime.timeIntervalSince1970
        case .elevation: Self.elevation
        case .speed: Self.speed
        case .distance: Self.distance
        case .heartRate: Self.heartRate
        case .cadence: Self.cadence
        case .power: Self.power
        }
    }

    /// Whether `value` of `field` is finite and in its range.
    public func allows(_ value: Double, as field: Field) -> Bool {
        value.isFinite && range(of: field).contains(value)
    }

    /// `fix` with what can't be true left out: nil when the fix is dropped whole, and the
    /// fields that were out of range (for a dropped fix, the one that dropped it).
    public func screen(_ fix: Fix) -> (fix: Fix?, problems: [Field]) {
        if let coordinate = fix.coordinate {
            if !allows(coordinate.latitude, as: .latitude) { return (nil, [.latitude]) }
            if !allows(coordinate.longitude, as: .longitude) { return (nil, [.longitude]) }
        }
        if let accuracy = fix.horizontalAccuracy, !allows(accuracy, as: .horizontalAccuracy) { return (nil, [.horizontalAccuracy]) }
        var fix = fix
        var problems: [Field] = []
        if let time = fix.time, !allows(time.timeIntervalSince1970, as: .time) { fix.time = nil; problems.append(.time) }
        if let value = fix.elevation, !allows(value, as: .elevation) { fix.elevation = nil; problems.append(.elevation) }
        if let value = fix.speed, !allows(value, as: .speed) { fix.speed = nil; problems.append(.speed) }
        if let value = fix.distance, !allows(value, as: .distance) { fix.distance = nil; problems.append(.distance) }
        if let value = fix.heartRate, !allows(Double(value), as: .heartRate) { fix.heartRate = nil; problems.append(.heartRate) }
        if let value = fix.cadence, !allows(Double(value), as: .cadence) { fix.cadence = nil; problems.append(.cadence) }
        if let value = fix.power, !allows(Double(value), as: .power) { fix.power = nil; problems.append(.power) }
        return (fix, problems)
    }

    /// `track` with what can't be true left out (segments stay, though one may empty),
    /// and what was left out.
    /// - Complexity: O(n) in the fixes.
    ///   A track with nothing to leave out (nearly every one) is returned as it is, not
    ///   copied fix by fix: the copy was a tenth of `paceline analyze`'s time.
    public func screen(_ track: Track) -> (track: Track, screening: Screening) {
        var screening = Screening(limits: self)
        guard track.segments.contains(where: { $0.contains { screen($0).problems.isEmpty == false } }) else {
            return (track, screening)
        }
        let segments = track.segments.map { segment in
            segment.compactMap { fix -> Fix? in
                let (kept, problems) = screen(fix)
                for field in problems {
                    if kept == nil { screening.droppedFixes[field, default: 0] += 1 } else { screening.removedValues[field, default: 0] += 1 }
                }
                return kept
            }
        }
        return (Track(segments: segments), screening)
    }
}
