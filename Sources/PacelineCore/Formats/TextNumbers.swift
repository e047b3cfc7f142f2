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
    /// Exact (correctly rounded) for up to 15 significant digits; longer numbers fall
    /// back to the standard library.
    static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0, end = bytes.count
        while i < end, isSpace(bytes[i]) { i += 1 }
        while end > i, isSpace(bytes[end - 1]) { end -= 1 }
        guard i < end else { return nil }
        let start = i
        var negative = false
        if bytes[i] == UInt8(ascii: "-") { negative = true; i += 1 } else if bytes[i] == UInt8(ascii: "+") { i += 1 }
        var mantissa: UInt64 = 0
        var digits = 0, fractionDigits = 0
        var sawDot = false, sawDigit = false
        while i < end {
            let c = bytes[i]
            if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                sawDigit = true
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(c - UInt8(ascii: "0"))
                    if mantissa != 0 { digits += 1 }
                    if sawDot { fractionDigits += 1 }
                } else if !sawDot {
                    return slowDouble(bytes, start, end)
                }
                i += 1
            } else if c == UInt8(ascii: "."), !sawDot {
                sawDot = true
                i += 1
            } else {
                break
            }
        }
        if i < end { return slowDouble(bytes, start, end) }  // exponent or junk
        guard sawDigit else { return nil }
        guard digits <= 15, fractionDigits <= 22 else { return slowDouble(bytes, start, end) }
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
        var i = 0, end = bytes.count
        while i < end, isSpace(bytes[i]) { i += 1 }
        while end > i, isSpace(bytes[end - 1]) { end -= 1 }
        func number(_ width: Int) -> Int? {
            guard i + width <= end else { return nil }
            var value = 0
            for k in i..<(i + width) {
                let c = bytes[k]
                guard c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(c - UInt8(ascii: "0"))
            }
            i += width
            return value
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < end, bytes[i] == c else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")), let day = number(2),
              i < end, bytes[i] == UInt8(ascii: "T") || bytes[i] == UInt8(ascii: " ") else { return nil }
        i += 1
        guard let hour = number(2), expect(UInt8(ascii: ":")), let minute = number(2), expect(UInt8(ascii: ":")), let second = number(2),
              (1...12).contains(month), (1...31).contains(day), hour <= 24, minute < 60, second <= 60 else { return nil }
        var fraction = 0.0
        if i < end, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: ",") {
            i += 1
            var scale = 0.1
            let fractionStart = i
            while i < end, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") {
                fraction += Double(bytes[i] - UInt8(ascii: "0")) * scale
                scale /= 10
                i += 1
            }
            guard i > fractionStart else { return nil }
        }
        var offsetSeconds = 0
        if i < end {
            if bytes[i] == UInt8(ascii: "Z") || bytes[i] == UInt8(ascii: "z") {
                i += 1
            } else if bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
                let sign = bytes[i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
                guard let hours = number(2) else { return nil }
                _ = expect(UInt8(ascii: ":"))
                let minutes = number(2) ?? 0
                guard hours <= 14, minutes < 60 else { return nil }
                offsetSeconds = sign * (hours * 3600 + minutes * 60)
            }
        }
        guard i == end else { return nil }
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
}
