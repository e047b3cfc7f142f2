import Foundation

/// Fast, allocation-free readers for the numbers and times activity files write
/// as text ("46.0512345", "-0.11", "2017-06-11T07:34:09.250+01:00").
enum TextNumbers {
    /// 10^k for k in 0...22, all exactly representable.
    @inline(__always) private static func powerOfTen(_ k: Int) -> Double {
        switch k {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        default: pow(10.0, Double(k))
        }
    }

    /// Parses a decimal number, allowing surrounding white space; nil if it is not one.
    /// Exact (correctly rounded) for up to 15 digits; longer numbers, and those with an
    /// exponent, fall back to the standard library.
    static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let (start, end) = trimmed(bytes) else { return nil }
        let p = bytes.baseAddress!
        var i = start
        let negative = p[i] == UInt8(ascii: "-")
        if negative || p[i] == UInt8(ascii: "+") { i += 1 }
        var mantissa: UInt64 = 0
        let integerStart = i
        while i < end, let digit = digit(p[i]) {
            mantissa = mantissa &* 10 &+ UInt64(digit)
            i += 1
        }
        var digits = i - integerStart
        var fractionDigits = 0
        if i < end, p[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            while i < end, let digit = digit(p[i]) {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                i += 1
            }
            fractionDigits = i - fractionStart
            digits += fractionDigits
        }
        if i < end { return slowDouble(bytes, start, end) }  // exponent or junk
        guard digits > 0 else { return nil }
        // Up to 15 digits, the mantissa and 10^fractionDigits are exact doubles and one
        // division rounds correctly, as the standard library would.
        guard digits <= 15 else { return slowDouble(bytes, start, end) }
        let value = Double(mantissa) / powerOfTen(fractionDigits)
        return negative ? -value : value
    }

    private static func slowDouble(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        guard let value = Double(String(decoding: bytes[start..<end], as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// Parses a whole number (white space allowed around it); a decimal like "88.0" is rounded.
    static func int(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let value = double(bytes), abs(value) < 1e15 else { return nil }
        return Int(value.rounded())
    }

    /// Parses an ISO 8601 / XML Schema dateTime: `YYYY-MM-DDThh:mm:ss[.fraction][Z|±hh:mm|±hhmm]`.
    /// A time without zone is taken as UTC, as GPX requires.
    static func date(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard let (start, end) = trimmed(bytes), end - start >= 19 else { return nil }
        let p = bytes.baseAddress! + start
        let count = end - start
        // The fixed part: YYYY-MM-DDThh:mm:ss.
        guard let year = number(p, 4), p[4] == UInt8(ascii: "-"), let month = number(p + 5, 2), p[7] == UInt8(ascii: "-"),
              let day = number(p + 8, 2), p[10] == UInt8(ascii: "T") || p[10] == UInt8(ascii: " "),
              let hour = number(p + 11, 2), p[13] == UInt8(ascii: ":"), let minute = number(p + 14, 2),
              p[16] == UInt8(ascii: ":"), let second = number(p + 17, 2),
              (1...12).contains(month), (1...31).contains(day), hour <= 24, minute < 60, second <= 60 else { return nil }
        var i = 19
        var fraction = 0.0
        if i < count, p[i] == UInt8(ascii: ".") || p[i] == UInt8(ascii: ",") {
            i += 1
            var scale = 0.1
            let fractionStart = i
            while i < count, let digit = digit(p[i]) {
                fraction += Double(digit) * scale
                scale /= 10
                i += 1
            }
            guard i > fractionStart else { return nil }
        }
        var offsetSeconds = 0
        if i < count {
            if p[i] == UInt8(ascii: "Z") || p[i] == UInt8(ascii: "z") {
                i += 1
            } else if p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") {
                let sign = p[i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
                guard i + 2 <= count, let hours = number(p + i, 2) else { return nil }
                i += 2
                if i < count, p[i] == UInt8(ascii: ":") { i += 1 }
                var minutes = 0
                if i + 2 <= count, let value = number(p + i, 2) {
                    minutes = value
                    i += 2
                }
                guard hours <= 14, minutes < 60 else { return nil }
                offsetSeconds = sign * (hours * 3600 + minutes * 60)
            }
        }
        guard i == count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    @inline(__always) private static func isSpace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09
    }

    /// The bounds of `bytes` without surrounding white space; nil when nothing is left.
    @inline(__always) private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> (start: Int, end: Int)? {
        var start = 0, end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return start < end ? (start, end) : nil
    }

    /// The value of an ASCII digit; nil for any other byte.
    @inline(__always) private static func digit(_ c: UInt8) -> UInt8? {
        let value = c &- UInt8(ascii: "0")
        return value < 10 ? value : nil
    }

    /// The `width` digits at `p` as a number; nil if any is not a digit.
    @inline(__always) private static func number(_ p: UnsafePointer<UInt8>, _ width: Int) -> Int? {
        var value = 0
        for k in 0..<width {
            guard let digit = digit(p[k]) else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }
}
