/// The header that starts every FIT file (and every file of a chained FIT file).
///
/// Layout (little endian): header size (12 or 14), protocol version, profile
/// version (2 bytes), data size (4 bytes), ".FIT", then for 14-byte headers a CRC
/// of the first 12 bytes (0 when the writer did not compute it).
struct FITHeader {
    /// Bytes in the header, usually 12 or 14.
    var size: Int
    var protocolVersion: UInt8
    var profileVersion: UInt16
    /// Bytes of records that follow the header, before the 2-byte file CRC.
    var dataSize: Int

    /// Smallest valid header.
    static let minimumSize = 12

    /// Parses the header at `stream.position` without consuming it; checks the
    /// signature and (when non-zero) the header CRC. `index` is 0 for the first file
    /// of a chain, which decides how errors are worded.
    static func parse(_ stream: ByteStream, index: Int) throws(ActivityFileError) -> FITHeader {
        let start = stream.offset
        let what = index == 0 ? "FIT header" : "chained FIT header (file \(index + 1))"
        guard stream.require(1) else {
            throw ActivityFileError(.truncated, "byte \(start): the file is empty, not a FIT file")
        }
        let size = Int(stream.buffer[stream.position])
        guard size >= minimumSize else {
            throw ActivityFileError(
                index == 0 ? .unsupportedFormat : .corrupt,
                index == 0
                    ? "byte \(start): not a FIT file (header size \(size), expected 12 or 14)"
                    : "byte \(start): \(what) is corrupt (header size \(size), expected 12 or 14)")
        }
        guard stream.require(size) else {
            // Distinguish "not a FIT file at all" from a genuinely cut header when we can.
            let have = stream.available
            if have >= 12, !hasSignature(stream) {
                throw ActivityFileError(
                    index == 0 ? .unsupportedFormat : .corrupt,
                    signatureMessage(start, what, index))
            }
            throw ActivityFileError(
                .truncated, "byte \(start): the file ends inside the \(what) (\(have) of \(size) bytes)")
        }
        guard hasSignature(stream) else {
            throw ActivityFileError(
                index == 0 ? .unsupportedFormat : .corrupt,
                signatureMessage(start, what, index))
        }
        let buffer = stream.buffer, p = stream.position
        let dataSize = Int(buffer[p + 4]) | Int(buffer[p + 5]) << 8 | Int(buffer[p + 6]) << 16 | Int(buffer[p + 7]) << 24
        if size >= 14 {
            let stored = UInt16(buffer[p + 12]) | UInt16(buffer[p + 13]) << 8
            if stored != 0 {
                var crc = FITCRC()
                crc.update(buffer, p..<p + 12)
                guard crc.value == stored else {
                    throw ActivityFileError(
                        .checksumMismatch,
                        "byte \(start): \(what) CRC mismatch (expected \(hex(stored)), computed \(hex(crc.value)))")
                }
            }
        }
        return FITHeader(
            size: size, protocolVersion: buffer[p + 1],
            profileVersion: UInt16(buffer[p + 2]) | UInt16(buffer[p + 3]) << 8, dataSize: dataSize)
    }

    private static func signatureMessage(_ start: Int, _ what: String, _ index: Int) -> String {
        index == 0
            ? "byte \(start): not a FIT file (no \".FIT\" signature in the header)"
            : "byte \(start): \(what) is corrupt (no \".FIT\" signature)"
    }

    private static func hasSignature(_ stream: ByteStream) -> Bool {
        let p = stream.position
        guard stream.available >= 12 else { return false }
        let b = stream.buffer
        return b[p + 8] == 0x2E && b[p + 9] == 0x46 && b[p + 10] == 0x49 && b[p + 11] == 0x54  // ".FIT"
    }
}

/// "0x1A2B"
func hex(_ value: UInt16) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
