import CZlib
import Foundation
import PacelineCore

/// DEFLATE compression with the system's zlib, whole buffers at a time.
enum Deflate {
    /// `data` compressed: raw DEFLATE (`windowBits` -15, as in a ZIP entry) or gzip
    /// (16 + 15).
    static func compress(_ data: Data, level: Int32 = Z_DEFAULT_COMPRESSION, windowBits: Int32) throws -> Data {
        var stream = z_stream()
        guard deflateInit2_(&stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY,
                            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ActivityFileError(.unreadable, "zlib could not start")
        }
        defer { deflateEnd(&stream) }
        // deflateBound leaves no room for gzip's header and trailer: 18 bytes more.
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))) + 18)
        let status = data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            output.withUnsafeMutableBufferPointer { buffer in
                stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = buffer.baseAddress
                stream.avail_out = uInt(buffer.count)
                return CZlib.deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw ActivityFileError(.corrupt, "zlib could not compress (\(status))") }
        return Data(output[0..<Int(stream.total_out)])
    }
}
