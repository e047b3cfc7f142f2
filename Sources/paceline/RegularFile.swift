import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and writing files in a folder others may write to (a Syncthing peer, a shared
/// mount), without being led elsewhere: a symbolic link is never followed, only a regular
/// file is read (never a FIFO, which would block, or a device, which never ends), and no
/// more than a limit.
enum RegularFile {
    /// Why a file was not read.
    struct Refused: Error, CustomStringConvertible {
        let description: String
    }

    /// The bytes of the regular file at `path`, at most `limit` of them.
    /// - Throws: `Refused` for a link, anything but a regular file, or a file over `limit`.
    static func read(_ path: String, limit: Int) throws -> Data {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Refused(description: errno == ELOOP ? "it is a symbolic link, which is not followed" : String(cString: strerror(errno)))
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw Refused(description: "it is not a regular file")
        }
        guard Int(info.st_size) <= limit else {
            throw Refused(description: "it is \(Int(info.st_size) >> 20) MiB; the server takes files up to \(limit >> 20) MiB")
        }
        let data = try handle.read(upToCount: limit + 1) ?? Data()
        guard data.count <= limit else { throw Refused(description: "it grew past \(limit >> 20) MiB while it was read") }
        return data
    }

    /// Writes `data` to `path` as a new file only the user may read, never through a link
    /// planted there: whatever was at `path` is removed first, and the file is made anew
    /// (`O_EXCL`, `O_NOFOLLOW`), then flushed to disk.
    static func create(_ path: String, with data: Data) throws {
        unlink(path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Refused(description: "can't write \(path): \(String(cString: strerror(errno)))") }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try handle.write(contentsOf: data)
        try handle.synchronize()
    }

    /// `path` as it is safe to print on one line of a terminal or a journal: control
    /// characters (a newline that would forge a line, an escape that would rewrite the
    /// screen) written as escapes.
    static func printable(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return path }
        return String(String(reflecting: path).dropFirst().dropLast())
    }
}
