#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says of a file that changes whenever the file does: its size, when its
/// bytes last changed (mtime) and when anything about it last changed (ctime: a `chmod`
/// too, so a file that could not be read is tried again once it can). Each time is in
/// nanoseconds since 1970.
struct FileStamp: Codable, Equatable {
    let size: Int64
    let modified: Int64
    let changed: Int64

    /// The stamp of the file at `path`, following a symbolic link; nil when there is none,
    /// or it is not a regular file (reading a pipe that happens to be called `x.fit` would
    /// wait for ever).
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        #if canImport(Darwin)
        let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #else
        let (modified, changed) = (info.st_mtim, info.st_ctim)
        #endif
        self.size = Int64(info.st_size)
        self.modified = Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec)
        self.changed = Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec)
    }
}
