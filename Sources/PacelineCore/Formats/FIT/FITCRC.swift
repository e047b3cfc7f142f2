/// The 16-bit CRC of the FIT protocol (CRC-16/ARC: reflected polynomial 0xA001,
/// initial value 0), used for the 14-byte header and for the whole file.
///
/// The FIT SDK computes it a nibble at a time with a 16-entry table; this byte-wise
/// table gives identical results and is faster.
struct FITCRC {
    /// The CRC of the bytes seen so far.
    private(set) var value: UInt16 = 0

    /// Lookup table for one byte.
    static let table: [UInt16] = (0..<256).map { byte -> UInt16 in
        var crc = UInt16(byte)
        for _ in 0..<8 {
            crc = crc & 1 != 0 ? (crc >> 1) ^ 0xA001 : crc >> 1
        }
        return crc
    }

    init(value: UInt16 = 0) { self.value = value }

    /// Adds `bytes[range]` to the CRC.
    mutating func update(_ bytes: [UInt8], _ range: Range<Int>) {
        var crc = value
        FITCRC.table.withUnsafeBufferPointer { table in
            bytes.withUnsafeBufferPointer { buffer in
                for index in range {
                    crc = (crc >> 8) ^ table[Int(UInt8(truncatingIfNeeded: crc) ^ buffer[index])]
                }
            }
        }
        value = crc
    }

    /// The CRC of a whole byte sequence.
    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt16 {
        let array = Array(bytes)
        var crc = FITCRC()
        crc.update(array, 0..<array.count)
        return crc.value
    }
}
