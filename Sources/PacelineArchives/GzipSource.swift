import CZlib
import Foundation
import PacelineCore

/// A gzip file's bytes inflated as a reader asks for them, so an upload is never held
/// uncompressed: a reader that stops at a limit (`FileLimits`) has inflated only what it
/// read, and a few kilobytes that claim gigabytes cost a chunk of memory, not gigabytes.
/// Every member of the file is read (concatenated gzip files are one file).
final class GzipSource: ByteSource {
    private let compressed: Data
    private var stream = z_stream()
    private var started = false
    private var finished = false
    /// Bytes inflated so far.
    private var total = 0
    private let maximumBytes: Int

    /// Inflates `compressed`, refusing more than `maximumBytes` once inflated.
    init(_ compressed: Data, maximumBytes: Int) {
        self.compressed = compressed
        self.maximumBytes = maximumBytes
    }

    deinit {
        if started { inflateEnd(&stream) }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ActivityFileError) -> Int {
        guard !finished, buffer.count > 0 else { return 0 }
        if !started {
            guard inflateInit2_(&stream, 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                throw ActivityFileError(.unreadable, "zlib could not start")
            }
            started = true
            stream.avail_in = uInt(compressed.count)
        }
        // Fills the buffer, across the members of a file made of several: a file of a
        // million tiny members would otherwise come a few bytes a read.
        var written = 0
        while written < buffer.count {
            let status = compressed.withUnsafeBytes { (input: UnsafeRawBufferPointer) -> Int32 in
                // The input stays where it is: point zlib at the part not yet taken.
                let taken = compressed.count - Int(stream.avail_in)
                stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress! + taken)
                stream.next_out = (buffer.baseAddress! + written).assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(buffer.count - written)
                return inflate(&stream, Z_NO_FLUSH)
            }
            let produced = buffer.count - written - Int(stream.avail_out)
            written += produced
            total += produced
            guard total <= maximumBytes else {
                throw ActivityFileError(.overLimit, "the file is larger than \(maximumBytes >> 20) MiB uncompressed, the most one file may hold")
            }
            switch status {
            case Z_STREAM_END where stream.avail_in > 0:
                inflateReset(&stream)
            case Z_STREAM_END:
                finished = true
                return written
            case Z_OK:
                continue
            case Z_BUF_ERROR where stream.avail_in == 0:
                throw ActivityFileError(.truncated, "the gzip file ends before its data does")
            default:
                throw ActivityFileError(.corrupt, "the gzip data is corrupt (\(stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"))")
            }
        }
        return written
    }
}
