import Foundation

/// Reading values out of `JSONSerialization` results (NSNumber, NSNull…) in tests.
enum JSONValue {
    static func double(_ value: Any?) -> Double? {
        guard let value, !(value is NSNull) else { return nil }
        return (value as? NSNumber)?.doubleValue
    }

    static func int(_ value: Any?) -> Int? {
        guard let value, !(value is NSNull) else { return nil }
        return (value as? NSNumber)?.intValue
    }

    static func string(_ value: Any?) -> String? {
        value as? String
    }

    static func object(_ value: Any?) -> [String: Any] {
        value as? [String: Any] ?? [:]
    }

    static func array(_ value: Any?) -> [Any] {
        value as? [Any] ?? []
    }
}

/// Milliseconds since 1970 of `date`, rounded as the writers round.
func epochMilliseconds(_ date: Date?) -> Int? {
    date.map { Int(($0.timeIntervalSince1970 * 1000).rounded(.toNearestOrAwayFromZero)) }
}

/// How many times `needle` occurs in `text`.
func occurrences(of needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
}
