/// A FIT base type: how a field's bytes encode its values, and which value means
/// "absent" (0xFF for uint8, 0x7FFF for sint16, 0 for the "z" types…).
struct FITBaseType: Sendable, Hashable {
    /// The base type number (low 5 bits of the base type byte, 0…16).
    let number: UInt8

    init(byte: UInt8) { number = byte & 0x1F }

    static let enumeration = FITBaseType(byte: 0x00)
    static let byte = FITBaseType(byte: 0x0D)

    /// Whether the number is one the FIT profile defines.
    var isKnown: Bool { number <= 16 }

    /// Bytes per value; 1 for unknown types, which are read as raw bytes.
    var size: Int {
        switch number {
        case 3, 4, 11: 2
        case 5, 6, 8, 12: 4
        case 9, 14, 15, 16: 8
        default: 1
        }
    }

    /// Whether values are two's-complement signed integers.
    var isSigned: Bool { number == 1 || number == 3 || number == 5 || number == 14 }

    /// Whether values are IEEE floats (float32, float64).
    var isFloat: Bool { number == 8 || number == 9 }

    /// Whether values can be read as numbers (not strings, not unknown types).
    var isNumeric: Bool { isKnown && number != 7 }

    /// The raw pattern (as an unsigned integer of `size` bytes) that means "no value".
    var invalidPattern: UInt64 {
        switch number {
        case 0, 2, 13: 0xFF
        case 1: 0x7F
        case 3: 0x7FFF
        case 4: 0xFFFF
        case 5: 0x7FFF_FFFF
        case 6, 8: 0xFFFF_FFFF
        case 14: 0x7FFF_FFFF_FFFF_FFFF
        case 9, 15: 0xFFFF_FFFF_FFFF_FFFF
        default: 0  // string, uint8z, uint16z, uint32z, uint64z
        }
    }
}

/// One field of a definition message, with where its bytes sit in the data message.
struct FITFieldDefinition: Sendable, Hashable {
    /// The profile's field number (253 = timestamp in every message).
    let number: UInt8
    /// Bytes of the field in each data message.
    let size: Int
    let baseType: FITBaseType
    /// Offset of the field from the first byte after the data message's header byte.
    let offset: Int

    /// Whether the size is a whole number of values; misaligned fields (some COROS
    /// files declare 1-byte uint32s) are treated as absent rather than misread.
    var isAligned: Bool { size > 0 && size % baseType.size == 0 }
}

/// A definition message: the layout of the data messages of one local message type,
/// until that local type is redefined.
///
/// Built once per definition message; data messages are then decoded from the
/// stream's buffer through `fieldIndex` without any allocation.
final class FITDefinition: Sendable {
    /// The profile message number (0 file_id, 18 session, 19 lap, 20 record, 21 event…).
    let globalMessageNumber: UInt16
    /// Multi-byte values are big endian (architecture byte 1).
    let isBigEndian: Bool
    /// Regular fields, in message order.
    let fields: [FITFieldDefinition]
    /// Bytes of developer fields at the end of each data message (skipped).
    let developerDataSize: Int
    /// Bytes of each data message after its header byte.
    let dataSize: Int
    /// For each field number, its index in `fields` plus one (0: not present).
    /// When a field number repeats, the first occurrence wins.
    let fieldIndex: [UInt8]

    init(globalMessageNumber: UInt16, isBigEndian: Bool, fields: [FITFieldDefinition], developerDataSize: Int) {
        self.globalMessageNumber = globalMessageNumber
        self.isBigEndian = isBigEndian
        self.fields = fields
        self.developerDataSize = developerDataSize
        self.dataSize = fields.reduce(0) { $0 + $1.size } + developerDataSize
        var index = [UInt8](repeating: 0, count: 256)
        for (i, field) in fields.enumerated() where index[Int(field.number)] == 0 && i < 255 {
            index[Int(field.number)] = UInt8(i + 1)
        }
        fieldIndex = index
    }

    /// The definition of field `number`, if the message has it.
    @inline(__always) func field(_ number: UInt8) -> FITFieldDefinition? {
        let i = Int(fieldIndex[Int(number)])
        return i == 0 ? nil : fields[i - 1]
    }

    /// The size of the definition message whose bytes (after the record header byte)
    /// start at `buffer[start]`, as far as the `available` bytes tell: call again
    /// with more bytes until the answer stops growing.
    ///
    /// Layout: reserved, architecture (0 little, 1 big endian), global message
    /// number (2), field count, 3 bytes per field (number, size, base type), then
    /// with the developer flag a count and 3 bytes per developer field (number,
    /// size, developer data index).
    static func neededSize(_ buffer: [UInt8], start: Int, available: Int, hasDeveloperFields: Bool) -> Int {
        guard available >= 5 else { return 5 }
        var size = 5 + 3 * Int(buffer[start + 4])
        if hasDeveloperFields {
            guard available >= size + 1 else { return size + 1 }
            size += 1 + 3 * Int(buffer[start + size])
        }
        return size
    }

    /// Builds the definition from its complete bytes at `buffer[start...]`.
    static func parse(_ buffer: [UInt8], start: Int, hasDeveloperFields: Bool, at byteOffset: Int)
        throws(ActivityFileError) -> FITDefinition
    {
        let architecture = buffer[start + 1]
        guard architecture <= 1 else {
            throw ActivityFileError(
                .corrupt, "byte \(byteOffset): definition message has architecture \(architecture), expected 0 or 1")
        }
        let bigEndian = architecture == 1
        let a = UInt16(buffer[start + 2]), b = UInt16(buffer[start + 3])
        let global = bigEndian ? a << 8 | b : b << 8 | a
        let count = Int(buffer[start + 4])
        var fields: [FITFieldDefinition] = []
        fields.reserveCapacity(count)
        var offset = 0
        var p = start + 5
        for _ in 0..<count {
            let size = Int(buffer[p + 1])
            fields.append(FITFieldDefinition(number: buffer[p], size: size, baseType: FITBaseType(byte: buffer[p + 2]), offset: offset))
            offset += size
            p += 3
        }
        var developerSize = 0
        if hasDeveloperFields {
            let developerCount = Int(buffer[p])
            p += 1
            for _ in 0..<developerCount {
                developerSize += Int(buffer[p + 1])
                p += 3
            }
        }
        return FITDefinition(globalMessageNumber: global, isBigEndian: bigEndian, fields: fields, developerDataSize: developerSize)
    }
}
