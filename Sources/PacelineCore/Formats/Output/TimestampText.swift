import Foundation

extension TextOutput {
    /// Appends `date` as an ISO 8601 / `xsd:dateTime` UTC timestamp, rounded to
    /// the millisecond: `2017-06-11T14:34:09Z` when the rounded instant is a whole
    /// second, otherwise `2017-06-11T14:34:09.250Z` (always three fraction digits).
    ///
    /// Computed with integer civil-calendar arithmetic (proleptic Gregorian,
    /// Howard Hinnant's `civil_from_days`) rather than a `DateFormatter`, which is
    /// far too slow for tracks of 100,000 fixes. Years outside 0...9999 are not
    /// representable in four digits and are written as they come.
    mutating func append(timestamp date: Date) {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.toNearestOrAwayFromZero)
        guard milliseconds.isFinite, milliseconds.magnitude < 1.0e17 else {
            append("1970-01-01T00:00:00Z")
            return
        }
        let totalMilliseconds = Int64(milliseconds)
        let (seconds, millisecond) = floorDivision(totalMilliseconds, 1000)
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let (year, month, day) = civilDate(fromDaysSince1970: days)

        if year < 0 { append(byte: UInt8(ascii: "-")) }
        appendDigits(UInt(year.magnitude), minimumWidth: 4)
        append(byte: UInt8(ascii: "-"))
        appendDigits(UInt(month), minimumWidth: 2)
        append(byte: UInt8(ascii: "-"))
        appendDigits(UInt(day), minimumWidth: 2)
        append(byte: UInt8(ascii: "T"))
        appendDigits(UInt(secondOfDay / 3600), minimumWidth: 2)
        append(byte: UInt8(ascii: ":"))
        appendDigits(UInt(secondOfDay / 60 % 60), minimumWidth: 2)
        append(byte: UInt8(ascii: ":"))
        appendDigits(UInt(secondOfDay % 60), minimumWidth: 2)
        if millisecond != 0 {
            append(byte: UInt8(ascii: "."))
            appendDigits(UInt(millisecond), minimumWidth: 3)
        }
        append(byte: UInt8(ascii: "Z"))
    }
}

/// Quotient rounded toward minus infinity and the matching non-negative remainder.
@inline(__always)
private func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    var quotient = value / divisor
    var remainder = value % divisor
    if remainder < 0 {
        quotient -= 1
        remainder += divisor
    }
    return (quotient, remainder)
}

/// Year, month (1...12) and day (1...31) of the day `days` after 1970-01-01.
private func civilDate(fromDaysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
}
