import Foundation

extension TextOutput {
    /// Appends a decimal integer.
    @inline(__always)
    mutating func append(integer value: Int) {
        if value < 0 {
            append(byte: UInt8(ascii: "-"))
            appendDigits(value.magnitude)
        } else {
            appendDigits(UInt(value))
        }
    }

    /// Appends `value` in plain decimal notation (never exponent notation, which
    /// neither `xsd:decimal` nor some readers accept), rounded half away from zero
    /// to `fractionDigits` decimals, with trailing zeros (and a bare point) dropped:
    /// `46.05`, `-0.000012`, `300`. Values too large for exact fixed-point
    /// rounding (beyond ~9e15 units of the last digit) are written with
    /// `String(format:)`; callers must not pass non-finite values.
    mutating func append(decimal value: Double, fractionDigits: Int) {
        precondition((0...9).contains(fractionDigits), "fractionDigits must be 0...9")
        let scale = decimalScales[fractionDigits]
        let scaled = (value * Double(scale)).rounded(.toNearestOrAwayFromZero)
        guard scaled.magnitude < 9.0e15 else {
            appendRaw(String(format: "%.\(fractionDigits)f", value))
            return
        }
        let units = Int64(scaled)
        if units == 0 {
            append(byte: UInt8(ascii: "0"))
            return
        }
        if units < 0 { append(byte: UInt8(ascii: "-")) }
        let magnitude = units.magnitude
        let scaleMagnitude = UInt64(scale)
        appendDigits(UInt(magnitude / scaleMagnitude))
        var fraction = magnitude % scaleMagnitude
        guard fraction != 0 else { return }
        var digits = fractionDigits
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        append(byte: UInt8(ascii: "."))
        appendDigits(UInt(fraction), minimumWidth: digits)
    }

    /// Appends the decimal digits of `value`, left-padded with zeros to `minimumWidth`.
    @inline(__always)
    mutating func appendDigits(_ value: UInt, minimumWidth: Int = 1) {
        // 20 digits hold UInt.max; fill from the right.
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        var remaining = value
        withUnsafeMutableBytes(of: &scratch) { buffer in
            var index = buffer.count
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
                remaining /= 10
                count += 1
            } while remaining != 0 || count < minimumWidth
            appendBytes(UnsafeRawBufferPointer(rebasing: buffer[index...]))
        }
    }
}

/// 10^0 ... 10^9.
private let decimalScales: [Int64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]
