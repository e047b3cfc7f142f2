/// A decoded data message, valid only while the decoder's callback runs: it reads
/// field values straight from the stream's buffer, without copying.
struct FITMessage {
    /// The definition the message follows.
    let definition: FITDefinition
    /// The message's bytes after its record header (`definition.dataSize` bytes).
    let bytes: UnsafeRawBufferPointer
    /// The message's time: its timestamp field (253) or, for a compressed
    /// timestamp header, the last full timestamp plus the header's offset.
    let timestamp: UInt32?

    /// The profile message number (20 record, 18 session…).
    var globalMessageNumber: UInt16 { definition.globalMessageNumber }

    /// The first value of a field as an unsigned bit pattern of `size` bytes.
    @inline(__always) private func raw(_ field: FITFieldDefinition, size: Int) -> UInt64 {
        var value: UInt64 = 0
        let start = field.offset
        if definition.isBigEndian {
            for i in 0..<size { value = value << 8 | UInt64(bytes[start + i]) }
        } else {
            var i = size - 1
            while i >= 0 {
                value = value << 8 | UInt64(bytes[start + i])
                i -= 1
            }
        }
        return value
    }

    /// The first value of field `number` as a number, or nil when the message lacks
    /// the field, the value is the base type's invalid value, the type is not numeric
    /// or the field's size is not a multiple of its base type's size.
    @inline(__always) func number(_ number: UInt8) -> Double? {
        guard let field = definition.field(number), field.isAligned, field.baseType.isNumeric else { return nil }
        let type = field.baseType
        let size = type.size
        let bits = raw(field, size: size)
        if bits == type.invalidPattern { return nil }
        if type.isFloat {
            let value = size == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits)
            return value.isFinite ? value : nil
        }
        if type.isSigned {
            let shift = UInt64(64 - 8 * size)
            return Double(Int64(bitPattern: bits << shift) >> shift)
        }
        return Double(bits)
    }

    /// `number(field) / scale - offset`, the profile's conversion to units.
    @inline(__always) func number(_ number: UInt8, scale: Double, offset: Double = 0) -> Double? {
        guard let value = self.number(number) else { return nil }
        return value / scale - offset
    }

    /// The first value of field `number` as an integer (see `number(_:)`).
    @inline(__always) func integer(_ number: UInt8) -> Int? {
        guard let value = self.number(number), let integer = Int(exactly: value.rounded(.towardZero)) else { return nil }
        return integer
    }

    /// The raw bytes of a field of one-byte values (byte arrays such as
    /// compressed_speed_distance), nil when absent or every byte is 0xFF.
    func byteArray(_ number: UInt8) -> UnsafeRawBufferPointer? {
        guard let field = definition.field(number), field.size > 0, field.baseType.size == 1 else { return nil }
        let slice = UnsafeRawBufferPointer(rebasing: bytes[field.offset..<field.offset + field.size])
        return slice.allSatisfy { $0 == 0xFF } ? nil : slice
    }
}
