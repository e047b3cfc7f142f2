import CZlib
import Foundation
import PacelineCore

/// Writes a ZIP archive to a file an entry at a time, each deflated (raw DEFLATE, as
/// every unzip reads): an export of someone's data, or a test's Strava-style archive.
/// Archives stay under ZIP's classic limits (4 GiB, 65,535 entries); past them `add`
/// throws rather than write an archive unzip would misread.
public final class ZipWriter {
    private struct Written {
        let path: Data
        let crc32: UInt32
        let compressedSize: UInt32
        let uncompressedSize: UInt32
        let offset: UInt32
    }

    private let handle: FileHandle
    private var written: [Written] = []
    private var offset: UInt64 = 0

    /// Creates (or empties) the archive at `url`.
    public init(url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw ActivityFileError(.unreadable, "can't create \(url.path)")
        }
        handle = try FileHandle(forWritingTo: url)
    }

    /// Adds a file at `path` inside the archive.
    public func add(_ path: String, _ data: Data) throws {
        let compressed = try Deflate.compress(data, windowBits: -MAX_WBITS)
        let name = Data(path.utf8)
        guard written.count < 0xFFFF, offset + UInt64(30 + name.count + compressed.count) < 0xFFFF_FFFF,
              data.count < 0xFFFF_FFFF else {
            throw ActivityFileError(.invalidValue, "the archive would pass ZIP's 4 GiB or 65,535 files")
        }
        let crc = data.withUnsafeBytes { UInt32(crc32(0, $0.bindMemory(to: Bytef.self).baseAddress, uInt($0.count))) }
        let entry = Written(path: name, crc32: crc, compressedSize: UInt32(compressed.count),
                            uncompressedSize: UInt32(data.count), offset: UInt32(offset))
        var header = Data()
        header.append(le: 0x0403_4b50 as UInt32)
        header.append(le: 20 as UInt16)  // version needed: 2.0 (deflate)
        header.append(le: 0x800 as UInt16)  // UTF-8 names
        header.append(le: 8 as UInt16)  // deflate
        header.append(le: 0 as UInt16); header.append(le: 0x21 as UInt16)  // 1980-01-01 00:00
        header.append(le: entry.crc32); header.append(le: entry.compressedSize); header.append(le: entry.uncompressedSize)
        header.append(le: UInt16(name.count)); header.append(le: 0 as UInt16)
        header.append(name)
        try handle.write(contentsOf: header)
        try handle.write(contentsOf: compressed)
        offset += UInt64(header.count + compressed.count)
        written.append(entry)
    }

    /// Writes the central directory and closes the file.
    public func finish() throws {
        var directory = Data()
        for entry in written {
            directory.append(le: 0x0201_4b50 as UInt32)
            directory.append(le: 0x031e as UInt16)  // made by: Unix, 3.0
            directory.append(le: 20 as UInt16)
            directory.append(le: 0x800 as UInt16)
            directory.append(le: 8 as UInt16)
            directory.append(le: 0 as UInt16); directory.append(le: 0x21 as UInt16)
            directory.append(le: entry.crc32); directory.append(le: entry.compressedSize); directory.append(le: entry.uncompressedSize)
            directory.append(le: UInt16(entry.path.count))
            directory.append(le: 0 as UInt16); directory.append(le: 0 as UInt16)  // extra, comment
            directory.append(le: 0 as UInt16); directory.append(le: 0 as UInt16)  // disk, internal attributes
            directory.append(le: UInt32(0o100644) << 16)  // external: a regular file, rw-r--r--
            directory.append(le: entry.offset)
            directory.append(entry.path)
        }
        var end = Data()
        end.append(le: 0x0605_4b50 as UInt32)
        end.append(le: 0 as UInt16); end.append(le: 0 as UInt16)
        end.append(le: UInt16(written.count)); end.append(le: UInt16(written.count))
        end.append(le: UInt32(directory.count)); end.append(le: UInt32(offset))
        end.append(le: 0 as UInt16)
        try handle.write(contentsOf: directory + end)
        try handle.close()
    }
}

extension Data {
    mutating func append<T: FixedWidthInteger>(le value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
