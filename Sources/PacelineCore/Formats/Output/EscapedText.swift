import Foundation

extension TextOutput {
    /// Appends `text` escaped for XML character data and attribute values:
    /// `&` `<` `>` `"` `'` become entity references. Characters XML 1.0 forbids
    /// even as references (C0 controls other than tab, line feed and carriage
    /// return; U+FFFE, U+FFFF) are dropped, so the document stays well-formed.
    mutating func append(xmlEscaped text: String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": append("&amp;")
            case "<": append("&lt;")
            case ">": append("&gt;")
            case "\"": append("&quot;")
            case "'": append("&apos;")
            case "\t", "\n", "\r": append(byte: UInt8(scalar.value))
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: appendScalar(scalar)
            }
        }
    }

    /// Appends `text` as a JSON string literal, quotes included (RFC 8259):
    /// `"` and `\` are backslash-escaped, control characters become `\n`, `\t`
    /// … or `\u00XX`; everything else is written as UTF-8.
    mutating func append(jsonString text: String) {
        append(byte: UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": append("\\\"")
            case "\\": append("\\\\")
            case "\n": append("\\n")
            case "\r": append("\\r")
            case "\t": append("\\t")
            case _ where scalar.value < 0x20:
                append("\\u00")
                let hex: StaticString = "0123456789abcdef"
                hex.withUTF8Buffer { digits in
                    append(byte: digits[Int(scalar.value >> 4)])
                    append(byte: digits[Int(scalar.value & 0xF)])
                }
            default: appendScalar(scalar)
            }
        }
        append(byte: UInt8(ascii: "\""))
    }

    @inline(__always)
    private mutating func appendScalar(_ scalar: Unicode.Scalar) {
        if scalar.isASCII {
            append(byte: UInt8(scalar.value))
        } else {
            for unit in UTF8.encode(scalar)! { append(byte: unit) }
        }
    }
}
