import Foundation

/// iCalendar text (RFC 5545) as calendars read it: content lines ending in CRLF, folded at
/// 75 octets with a space starting each continuation (§3.1, never inside a UTF-8
/// sequence), TEXT values escaped (§3.3.11: backslash, semicolon, comma, newline), and
/// times in UTC (§3.3.5, form 2).
struct ICalendarText {
    private(set) var text = ""

    /// Appends the line `name:value`, `value` written as it is (already a valid value).
    mutating func line(_ name: String, _ value: String) {
        var folded = ""
        var octets = 0
        for scalar in "\(name):\(value)".unicodeScalars {
            let size = String(scalar).utf8.count
            if octets + size > 75 {
                folded += "\r\n "
                octets = 1
            }
            folded.unicodeScalars.append(scalar)
            octets += size
        }
        text += folded + "\r\n"
    }

    /// Appends the line `name:value` with `value` escaped as TEXT.
    mutating func text(_ name: String, _ value: String) {
        line(name, Self.escaped(value))
    }

    /// `value` as a TEXT value: `\`, `;` and `,` escaped, each newline (CRLF, LF or CR) as
    /// `\n`, and the other control characters, which TEXT may not hold, left out.
    static func escaped(_ value: String) -> String {
        var escaped = ""
        var previous: Unicode.Scalar?
        for scalar in value.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\n": if previous != "\r" { escaped += "\\n" }
            case "\r": escaped += "\\n"
            case "\t": escaped += " "
            default: if scalar.value >= 0x20 && scalar.value != 0x7F { escaped.unicodeScalars.append(scalar) }
            }
        }
        return escaped
    }

    /// `date` as a DATE-TIME in UTC: `20261201T180000Z`.
    static func utc(_ date: Date) -> String {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: .gmt, from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                      parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }
}
