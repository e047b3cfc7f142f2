import Foundation

/// Bytes of a file read in chunks, so a reader never holds a whole large file.
///
/// Readers look at `buffer[position..<end]`; `require(_:)` makes at least that many
/// bytes available (reading more from the source and dropping what was consumed)
/// and returns false at the end of the input. `offset` counts bytes consumed since
/// the start, for error messages.
///
/// ```swift
/// let stream = try ByteStream(contentsOf: url)
/// while stream.require(1) { let byte = stream.buffer[stream.position]; stream.position += 1 }
/// ```
public final class ByteStream {
    /// The window of the input currently in memory (valid up to `end`).
    public private(set) var buffer: [UInt8]
    /// Index in `buffer` of the next unread byte.
    public var position: Int = 0
    /// One past the last valid byte of `buffer`.
    public private(set) var end: Int
    private var discarded = 0
    private let source: (any ByteSource)?
    private let chunkSize: Int

    /// Streams an in-memory body (an upload); nothing is copied after the first time.
    public init(data: Data) {
        buffer = [UInt8](data)
        end = buffer.count
        totalBytes = end
        source = nil
        chunkSize = 0
    }

    /// Streams the file at `url` in chunks of `chunkSize` bytes.
    public convenience init(contentsOf url: URL, chunkSize: Int = 1 << 16) throws {
        try self.init(contentsOf: url, from: 0, to: nil, chunkSize: chunkSize)
    }

    /// Streams bytes `start..<end` of the file at `url` (to its end when `end` is nil), as
    /// a piece of it read on its own (`GPXPieces`). `offset` counts from the file's start.
    convenience init(contentsOf url: URL, from start: Int, to end: Int?, chunkSize: Int = 1 << 16) throws {
        let file = try FileSource(contentsOf: url, from: start, to: end)
        self.init(source: file, totalBytes: end ?? file.size, chunkSize: chunkSize, startingAt: start)
    }

    /// Streams what `source` gives, in chunks of `chunkSize` bytes; `totalBytes` is the
    /// input's length when known.
    public convenience init(source: any ByteSource, totalBytes: Int? = nil, chunkSize: Int = 1 << 16) {
        self.init(source: source, totalBytes: totalBytes, chunkSize: chunkSize, startingAt: 0)
    }

    private init(source: any ByteSource, totalBytes: Int?, chunkSize: Int, startingAt start: Int) {
        self.source = source
        buffer = []
        end = 0
        discarded = start
        self.totalBytes = totalBytes
        self.chunkSize = chunkSize
    }

    /// Why the source stopped before its end, if it did: a reader meets only the end of
    /// its input, and its callers report this instead (`ActivityReader`).
    public private(set) var sourceError: ActivityFileError?

    /// The input's length in bytes, when known (a file's size, or where its piece ends; nil
    /// for a pipe).
    public let totalBytes: Int?

    /// Bytes consumed since the start of the input (the offset of `position`).
    public var offset: Int { discarded + position }

    /// Bytes available without reading more.
    @inline(__always) public var available: Int { end - position }

    /// Makes at least `count` unread bytes available; false if the input ends first.
    @inline(__always) public func require(_ count: Int) -> Bool {
        end - position >= count || refill(count)
    }

    /// Whether no byte is left.
    public var isAtEnd: Bool { !require(1) }

    private func refill(_ count: Int) -> Bool {
        guard let source, sourceError == nil else { return false }
        // Move the unread tail to the front, then read straight into the space after it.
        if position > 0 {
            buffer.withUnsafeMutableBytes { raw in
                raw.baseAddress!.copyMemory(from: raw.baseAddress! + position, byteCount: end - position)
            }
            discarded += position
            end -= position
            position = 0
        }
        let capacity = max(count, end + chunkSize)
        if buffer.count < capacity { buffer.append(contentsOf: repeatElement(0, count: capacity - buffer.count)) }
        while end < count {
            var failure: ActivityFileError?
            let bytesRead = buffer.withUnsafeMutableBytes { raw in
                do throws(ActivityFileError) {
                    return try source.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[end...]))
                } catch {
                    failure = error
                    return 0
                }
            }
            if let failure {
                sourceError = failure
                return false
            }
            guard bytesRead > 0 else { return false }
            end += bytesRead
        }
        return true
    }
}
