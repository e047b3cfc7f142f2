import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Tells `paceline sync --watch` as soon as something may have arrived in its folders:
/// Linux's inotify, read by a thread of its own that rings the doorbell at every event but
/// those of hidden names (the sync's own state file, Syncthing's files in transit). Only
/// where inotify is; elsewhere the sync looks every few seconds instead.
///
/// inotify hears what is done on this machine: a network share changed from elsewhere
/// tells it nothing (`--poll` is for those).
final class FolderWatch {
    #if canImport(Glibc)
    private let descriptor: Int32
    /// The watch descriptors inotify has given, one a folder.
    private var watched = Set<Int32>()

    /// Starts listening; nil when inotify can't be had (too many instances of it open).
    init?(ringing doorbell: Doorbell) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let descriptor = descriptor
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return }
                if Self.tellsOfArrival(buffer[..<count]) { doorbell.ring() }
            }
        }
        reader.name = "paceline sync: inotify"
        reader.start()
    }

    /// Watches each of `folders` (again: a folder that was removed and made again, a watch
    /// plugged in again, is another to inotify). Watching one already watched changes nothing.
    /// Returns whether one is watched for the first time: what arrived in it before is
    /// only found by looking again.
    func watch(_ folders: [String]) -> Bool {
        let events = IN_CREATE | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR
        var added = false
        for folder in folders {
            let watch = inotify_add_watch(descriptor, folder, UInt32(events))
            if watch >= 0, watched.insert(watch).inserted { added = true }
        }
        return added
    }

    /// Whether `events` (inotify_event records: wd, mask, cookie, len, then len bytes of
    /// name) hold one without a name (the folder itself: unmounted, removed, the queue
    /// overflowed) or with a name that is not hidden.
    private static func tellsOfArrival(_ events: ArraySlice<UInt8>) -> Bool {
        let header = 16
        var offset = events.startIndex
        while offset + header <= events.endIndex {
            let length = events[(offset + 12)..<(offset + 16)].withUnsafeBytes { Int($0.loadUnaligned(as: UInt32.self)) }
            let name = events[(offset + header)..<min(offset + header + length, events.endIndex)]
            if name.first.map({ $0 == 0 || $0 != UInt8(ascii: ".") }) ?? true { return true }
            offset += header + length
        }
        return false
    }
    #else
    init?(ringing doorbell: Doorbell) {
        return nil
    }

    func watch(_ folders: [String]) -> Bool {
        false
    }
    #endif
}
