import CZlib
import Foundation
import PacelineCore

/// gzip (RFC 1952) with the system's zlib: a `.gpx.gz`, `.tcx.gz` or
/// `.fit.gz` file, as Strava's bulk export writes them.
public enum Gzip {
    /// Whether `data` starts with gzip's magic bytes (1f 8b).
    public static func isCompressed(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1f && data[data.startIndex + 1] == 0x8b
    }

    /// `data` gzipped, as Strava keeps the files of an export; `level` is zlib's, 1 (fastest)
    /// to 9 (smallest), 6 by default.
    public static func compress(_ data: Data, level: Int32 = 6) throws -> Data {
        try Deflate.compress(data, level: level, windowBits: 16 + MAX_WBITS)
    }

    /// The bytes `data` holds, every member of it (concatenated gzip files are one file).
    /// - Throws: `ActivityFileError` (`.corrupt`, `.truncated`, or `.invalidValue` past
    ///   `maximumBytes` uncompressed: a few kilobytes can claim gigabytes).
    public static func decompress(_ data: Data, maximumBytes: Int) throws -> Data {
        var stream = z_stream()
        guard inflateInit2_(&stream, 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ActivityFileError(.unreadable, "zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        try data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(input.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                output.append(contentsOf: chunk[0..<(chunk.count - Int(stream.avail_out))])
                guard output.count <= maximumBytes else {
                    throw ActivityFileError(.invalidValue, "the file is larger than \(maximumBytes >> 20) MiB uncompressed")
                }
                switch status {
                case Z_STREAM_END where stream.avail_in > 0:
                    inflateReset(&stream)
                case Z_STREAM_END:
                    return
                case Z_OK:
                    continue
                case Z_BUF_ERROR where stream.avail_in == 0:
                    throw ActivityFileError(.truncated, "the gzip file ends before its data does")
                default:
                    throw ActivityFileError(.corrupt, "the gzip data is corrupt (\(stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"))")
                }
            }
        }
        return output
    }
}
