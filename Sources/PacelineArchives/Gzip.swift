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
    /// - Throws: `ActivityFileError` (`.corrupt`, `.truncated`, or `.overLimit` past
    ///   `maximumBytes` uncompressed: a few kilobytes can claim gigabytes).
    public static func decompress(_ data: Data, maximumBytes: Int) throws -> Data {
        let source = GzipSource(data, maximumBytes: maximumBytes)
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = try chunk.withUnsafeMutableBytes { (buffer) throws(ActivityFileError) in try source.read(into: buffer) }
            if count == 0 { return output }
            output.append(contentsOf: chunk[0..<count])
        }
    }
}
