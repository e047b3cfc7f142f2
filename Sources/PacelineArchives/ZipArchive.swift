import CZlib
import Foundation
import PacelineCore

/// Reads a ZIP archive (PKWARE APPNOTE 6.3) from disk an entry at a time: a Strava or
/// Garmin export of thousands of activities, several gigabytes, is never held whole.
/// Stored and deflated entries, ZIP64 (archives past 4 GiB or 65,535 entries) and UTF-8
/// names are read; each entry's CRC-32 is checked. Encrypted entries are refused.
public final class ZipArchive {
    /// One file in the archive, as its central directory lists it.
    public struct Entry: Sendable {
        /// The path inside the archive ("activities/123.fit.gz").
        public let path: String
        /// The bytes it holds once inflated.
        public let uncompressedSize: UInt64
        let compressedSize: UInt64
        let method: UInt16
        let flags: UInt16
        let crc32: UInt32
        let localHeaderOffset: UInt64

        /// Whether it is a folder, not a file.
        public var isDirectory: Bool { path.hasSuffix("/") }
    }

    /// The archive's files and folders, in the central directory's order.
    public let entries: [Entry]
    private let handle: FileHandle
    private let size: UInt64

    /// Opens the archive at `url` and reads its central directory.
    /// - Throws: `ActivityFileError` (`.unsupportedFormat` when it is no ZIP, `.corrupt`).
    public init(contentsOf url: URL) throws {
        do {
            handle = try FileHandle(forReadingFrom: url)
            size = try handle.seekToEnd()
        } catch {
            throw ActivityFileError(.unreadable, "can't read the archive: \(error.localizedDescription)")
        }
        entries = try Self.centralDirectory(handle, size: size)
    }

    deinit { try? handle.close() }

    /// The bytes of `entry`, inflated and checked against its CRC-32.
    /// - Throws: `ActivityFileError` when the entry is encrypted, compressed by a method
    ///   other than deflate, corrupt, or larger than `maximumBytes` once inflated.
    public func data(of entry: Entry, maximumBytes: Int) throws -> Data {
        var data = Data()
        try stream(entry, maximumBytes: maximumBytes) { data.append($0) }
        return data
    }

    /// Writes `entry`'s bytes to a new file at `url`, 64 KiB at a time (an archive inside
    /// the archive, as a Garmin export holds its activity files).
    public func extract(_ entry: Entry, to url: URL, maximumBytes: Int) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil), let file = try? FileHandle(forWritingTo: url) else {
            throw ActivityFileError(.unreadable, "can't create \(url.path)")
        }
        defer { try? file.close() }
        try stream(entry, maximumBytes: maximumBytes) { try file.write(contentsOf: $0) }
    }

    /// Hands `entry`'s bytes to `sink` as they are inflated, then checks their CRC-32 and size.
    private func stream(_ entry: Entry, maximumBytes: Int, into sink: (Data) throws -> Void) throws {
        guard entry.flags & 1 == 0 else { throw ActivityFileError(.unsupportedFormat, "\(entry.path) is encrypted") }
        guard entry.uncompressedSize <= UInt64(maximumBytes) else {
            throw ActivityFileError(.invalidValue, "\(entry.path) is larger than \(maximumBytes >> 20) MiB")
        }
        let local = try read(at: entry.localHeaderOffset, count: 30)
        guard local.uint32(0) == 0x0403_4b50 else { throw ActivityFileError(.corrupt, "\(entry.path): no local header where the directory says") }
        let start = entry.localHeaderOffset + 30 + UInt64(local.uint16(26)) + UInt64(local.uint16(28))  // < size + 2^17: no overflow
        guard start <= size, entry.compressedSize <= size - start else {
            throw ActivityFileError(.truncated, "\(entry.path) ends past the end of the archive")
        }
        var crc = CZlib.crc32(0, nil, 0)
        var total = 0
        func emit(_ chunk: Data) throws {
            total += chunk.count
            guard total <= maximumBytes else { throw ActivityFileError(.invalidValue, "\(entry.path) is larger than \(maximumBytes >> 20) MiB") }
            crc = chunk.withUnsafeBytes { CZlib.crc32(crc, $0.bindMemory(to: Bytef.self).baseAddress, uInt($0.count)) }
            try sink(chunk)
        }
        switch entry.method {
        case 0:
            var offset: UInt64 = 0
            while offset < entry.compressedSize {
                let chunk = try read(at: start + offset, count: Int(min(1 << 16, entry.compressedSize - offset)))
                offset += UInt64(chunk.count)
                try emit(chunk)
            }
        case 8: try inflate(from: start, count: entry.compressedSize, path: entry.path, into: emit)
        default: throw ActivityFileError(.unsupportedFormat, "\(entry.path) is compressed by method \(entry.method); only deflate is read")
        }
        guard UInt32(crc) == entry.crc32, UInt64(total) == entry.uncompressedSize else {
            throw ActivityFileError(.corrupt, "\(entry.path) is damaged (its checksum does not match)")
        }
    }

    private func read(at offset: UInt64, count: Int) throws -> Data {
        guard count >= 0, offset <= size, UInt64(count) <= size - offset else {
            throw ActivityFileError(.truncated, "the archive ends before its data does")
        }
        do {
            try handle.seek(toOffset: offset)
            let data = try handle.read(upToCount: count) ?? Data()
            guard data.count == count else { throw ActivityFileError(.truncated, "the archive ends before its data does") }
            return data
        } catch let error as ActivityFileError {
            throw error
        } catch {
            throw ActivityFileError(.unreadable, "can't read the archive: \(error.localizedDescription)")
        }
    }

    /// Inflates raw deflate data, 64 KiB of input at a time.
    private func inflate(from start: UInt64, count: UInt64, path: String, into sink: (Data) throws -> Void) throws {
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ActivityFileError(.unreadable, "zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset: UInt64 = 0
        var status = Z_OK
        while status != Z_STREAM_END {
            guard offset < count else { throw ActivityFileError(.truncated, "\(path) ends before its data does") }
            let input = try read(at: start + offset, count: Int(min(1 << 16, count - offset)))
            offset += UInt64(input.count)
            try input.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
                stream.next_in = UnsafeMutablePointer(mutating: bytes.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(bytes.count)
                repeat {
                    status = chunk.withUnsafeMutableBufferPointer { buffer in
                        stream.next_out = buffer.baseAddress
                        stream.avail_out = uInt(buffer.count)
                        return CZlib.inflate(&stream, Z_NO_FLUSH)
                    }
                    guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                        throw ActivityFileError(.corrupt, "\(path) is damaged (its compressed data is corrupt)")
                    }
                    try sink(Data(chunk[0..<(chunk.count - Int(stream.avail_out))]))
                } while stream.avail_out == 0 && status != Z_STREAM_END
            }
        }
    }

    /// The entries the end of central directory record (ZIP64's when the archive needs it)
    /// points to.
    private static func centralDirectory(_ handle: FileHandle, size: UInt64) throws -> [Entry] {
        func read(_ offset: UInt64, _ count: Int) throws -> Data {
            guard offset <= size, UInt64(count) <= size - offset else {
                throw ActivityFileError(.corrupt, "not a ZIP archive: it is cut short")
            }
            try handle.seek(toOffset: offset)
            return try handle.read(upToCount: count) ?? Data()
        }
        let tailLength = Int(min(size, 22 + 0xFFFF))
        let tail = try read(size - UInt64(tailLength), tailLength)
        guard tail.count >= 22,
              let end = stride(from: tail.count - 22, through: 0, by: -1).first(where: { tail.uint32($0) == 0x0605_4b50 }) else {
            throw ActivityFileError(.unsupportedFormat, "not a ZIP archive")
        }
        var count = UInt64(tail.uint16(end + 10))
        var directorySize = UInt64(tail.uint32(end + 12))
        var directoryOffset = UInt64(tail.uint32(end + 16))
        let endOffset = size - UInt64(tailLength) + UInt64(end)
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF, endOffset >= 20 {
            let locator = try read(endOffset - 20, 20)
            guard locator.uint32(0) == 0x0706_4b50 else { throw ActivityFileError(.corrupt, "the ZIP64 locator is missing") }
            let record = try read(locator.uint64(8), 56)
            guard record.uint32(0) == 0x0606_4b50 else { throw ActivityFileError(.corrupt, "the ZIP64 directory record is missing") }
            count = record.uint64(32)
            directorySize = record.uint64(40)
            directoryOffset = record.uint64(48)
        }
        guard directoryOffset <= size, directorySize <= size - directoryOffset, directorySize <= 1 << 30 else {
            throw ActivityFileError(.corrupt, "the archive's directory lies outside it")
        }
        let directory = try read(directoryOffset, Int(directorySize))
        var entries: [Entry] = []
        entries.reserveCapacity(Int(min(count, directorySize / 46)))  // each entry takes at least 46 bytes
        var at = 0
        while entries.count < count {
            guard at + 46 <= directory.count, directory.uint32(at) == 0x0201_4b50 else {
                throw ActivityFileError(.corrupt, "the archive's directory is damaged at entry \(entries.count + 1)")
            }
            let flags = directory.uint16(at + 8)
            let nameLength = Int(directory.uint16(at + 28)), extraLength = Int(directory.uint16(at + 30))
            let commentLength = Int(directory.uint16(at + 32))
            guard at + 46 + nameLength + extraLength + commentLength <= directory.count else {
                throw ActivityFileError(.corrupt, "the archive's directory is damaged at entry \(entries.count + 1)")
            }
            let nameBytes = directory.subdata(in: directory.startIndex + at + 46..<directory.startIndex + at + 46 + nameLength)
            let path = flags & 0x800 != 0
                ? String(decoding: nameBytes, as: UTF8.self)
                : String(data: nameBytes, encoding: .utf8) ?? String(decoding: nameBytes.map { $0 < 0x80 ? $0 : UInt8(ascii: "_") }, as: UTF8.self)
            var uncompressed = UInt64(directory.uint32(at + 24)), compressed = UInt64(directory.uint32(at + 20))
            var offset = UInt64(directory.uint32(at + 42))
            // ZIP64 extra field: the 64-bit values of those set to 0xFFFFFFFF, in this order.
            var extra = at + 46 + nameLength
            let extraEnd = extra + extraLength
            while extra + 4 <= extraEnd {
                let id = directory.uint16(extra), length = Int(directory.uint16(extra + 2))
                if id == 1 {
                    var field = extra + 4
                    func widen(_ value: inout UInt64) {
                        guard value == 0xFFFF_FFFF, field + 8 <= min(extra + 4 + length, extraEnd) else { return }
                        value = directory.uint64(field)
                        field += 8
                    }
                    widen(&uncompressed)
                    widen(&compressed)
                    widen(&offset)
                }
                extra += 4 + length
            }
            entries.append(Entry(path: path, uncompressedSize: uncompressed, compressedSize: compressed,
                                 method: directory.uint16(at + 10), flags: flags, crc32: directory.uint32(at + 16),
                                 localHeaderOffset: offset))
            at += 46 + nameLength + extraLength + commentLength
        }
        return entries
    }
}

extension Data {
    /// Little-endian integers at a byte offset from the start.
    func uint16(_ offset: Int) -> UInt16 {
        UInt16(self[startIndex + offset]) | UInt16(self[startIndex + offset + 1]) << 8
    }

    func uint32(_ offset: Int) -> UInt32 {
        UInt32(uint16(offset)) | UInt32(uint16(offset + 2)) << 16
    }

    func uint64(_ offset: Int) -> UInt64 {
        UInt64(uint32(offset)) | UInt64(uint32(offset + 4)) << 32
    }
}
