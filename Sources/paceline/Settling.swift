import Foundation

/// Files that may still be being written. A file has stopped growing when two looks at
/// least `seconds` apart find the same stamp (size, mtime, ctime): a copy, a download or a
/// watch writing it changes at least its mtime in between. A file that changed between
/// looks is timed again from the later look.
struct Settling {
    let seconds: Double
    private var firstSeen: [String: (stamp: FileStamp, at: Date)] = [:]

    init(seconds: Double) {
        self.seconds = seconds
    }

    /// Whether the file `key` with `stamp`, seen `now`, has stopped growing.
    mutating func hasSettled(_ key: String, _ stamp: FileStamp, now: Date) -> Bool {
        guard let seen = firstSeen[key], seen.stamp == stamp else {
            firstSeen[key] = (stamp, now)
            return false
        }
        return now.timeIntervalSince(seen.at) >= seconds
    }

    /// Forgets `key`: it was dealt with, or it is gone.
    mutating func forget(_ key: String) {
        firstSeen[key] = nil
    }

    /// Forgets every file but those in `keys` (the ones still there).
    mutating func keep(only keys: Set<String>) {
        firstSeen = firstSeen.filter { keys.contains($0.key) }
    }

    /// When the earliest file still settling should be looked at again; nil when none is.
    var nextLook: Date? {
        firstSeen.values.map { $0.at.addingTimeInterval(seconds) }.min()
    }
}
