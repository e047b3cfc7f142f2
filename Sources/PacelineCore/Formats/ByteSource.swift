import Foundation

/// Where a `ByteStream` reads its bytes from, a chunk at a time: a file, a piece of one
/// (`FileSource`), or bytes as they are inflated from a gzip upload (PacelineArchives).
public protocol ByteSource: AnyObject {
    /// Fills the start of `buffer` with the next bytes of the input.
    /// - Returns: how many bytes it wrote; 0 only at the input's end.
    /// - Throws: `ActivityFileError` when the input can't be read on (corrupt, or larger
    ///   than it may be); the stream then ends and keeps the error (`ByteStream.sourceError`).
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ActivityFileError) -> Int
}

/// Bytes `start..<end` of a file (to its end when `end` is nil), read through its descriptor.
final class FileSource: ByteSource {
    private let handle: FileHandle
    /// Bytes left before the piece's end (nil: to the file's end).
    private var left: Int?
    /// The file's size, when the system says.
    let size: Int?

    init(contentsOf url: URL, from start: Int, to end: Int?) throws(ActivityFileError) {
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw ActivityFileError(.unreadable, "cannot open file: \(error.localizedDescription)")
        }
        if start > 0 && lseek(handle.fileDescriptor, off_t(start), SEEK_SET) != off_t(start) {
            throw ActivityFileError(.unreadable, "cannot read the file from byte \(start)")
        }
        var status = stat()
        size = fstat(handle.fileDescriptor, &status) == 0 && status.st_size > 0 ? Int(status.st_size) : nil
        left = end.map { $0 - start }
    }

    deinit { try? handle.close() }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ActivityFileError) -> Int {
        let room = min(buffer.count, left ?? .max)
        guard room > 0 else { return 0 }
        while true {
            let bytesRead = Foundation.read(handle.fileDescriptor, buffer.baseAddress!, room)
            if bytesRead < 0 && errno == EINTR { continue }
            guard bytesRead >= 0 else { throw ActivityFileError(.unreadable, "cannot read the file (errno \(errno))") }
            if let left { self.left = left - bytesRead }
            return bytesRead
        }
    }
}
