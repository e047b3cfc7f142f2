import Foundation

/// A calendar day where an activity took place: days since 1970-01-01 in local time.
///
/// The local time is the instant plus the UTC offset in force at the start, so a run at
/// 23:50 and one at 00:10 the next night are two days, and a traveller's run in Tokyo
/// counts on Tokyo's calendar.
///
/// ```swift
/// LocalDay(instant: Date(timeIntervalSince1970: 86_400 - 600), utcOffsetSeconds: 3600).number  // 1
/// ```
public struct LocalDay: Sendable, Hashable, Comparable, Codable {
    /// Whole days since 1970-01-01, local time.
    public var number: Int

    public init(number: Int) {
        self.number = number
    }

    /// The local day of `instant` at `utcOffsetSeconds` east of UTC.
    /// - Complexity: O(1).
    public init(instant: Date, utcOffsetSeconds: Int) {
        number = Int(((instant.timeIntervalSince1970 + Double(utcOffsetSeconds)) / 86_400).rounded(.down))
    }

    /// The day `text` names, `YYYY-MM-DD`; nil for anything else, or a day that does not
    /// exist (2026-02-30).
    public init?(text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              let date = Calendar.utc.date(from: DateComponents(year: year, month: month, day: day)),
              Calendar.utc.component(.day, from: date) == day, Calendar.utc.component(.month, from: date) == month else { return nil }
        self.init(instant: date, utcOffsetSeconds: 0)
    }

    /// The day after (or `days` after).
    public func advanced(by days: Int) -> LocalDay { LocalDay(number: number + days) }

    /// `YYYY-MM-DD`.
    public var text: String {
        let date = Date(timeIntervalSince1970: Double(number) * 86_400)
        let parts = Calendar.utc.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    public static func < (a: LocalDay, b: LocalDay) -> Bool { a.number < b.number }

    /// The UTC offset assumed when none was recorded: the nautical time zone of the start's
    /// longitude (15° per hour, rounded), which is within an hour or two of the civil one
    /// almost everywhere; 0 (UTC) without a position.
    ///
    /// ```swift
    /// LocalDay.fallbackOffset(longitude: 139.7)  // 32400 (Tokyo: +9 h)
    /// ```
    public static func fallbackOffset(longitude: Double?) -> Int {
        guard let longitude, longitude.isFinite else { return 0 }
        return Int((longitude / 15).rounded()) * 3600
    }

    /// The largest UTC offset on Earth in either direction (+14 h in Kiribati; −12 h).
    public static let offsetRange = -12 * 3600...14 * 3600
}

extension Calendar {
    /// The Gregorian calendar in UTC: days and years as counted where no runner's clock is asked.
    public static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
