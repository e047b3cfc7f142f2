import Foundation

/// What `paceline sync` remembers of one folder, in `.paceline-sync.json` inside it, so
/// that each file is uploaded once, across restarts: every file it has dealt with (its
/// stamp, to know it unchanged without reading it again, and its SHA-256), and what became
/// of each content (uploaded, found on the server, or refused with the reason). A file
/// renamed or copied has the same SHA-256, so it is not sent again; a file that changes has
/// another, so it is (a refused one too).
struct SyncState: Codable {
    /// A file the sync has dealt with.
    struct File: Codable {
        var stamp: FileStamp
        /// Nil when it could not be read (then `unreadable` says why).
        var sha256: String?
        var unreadable: String?

        init(stamp: FileStamp, sha256: String? = nil, unreadable: String? = nil) {
            self.stamp = stamp
            self.sha256 = sha256
            self.unreadable = unreadable
        }
    }

    /// What became of a content, whatever its file's name.
    struct Content: Codable {
        enum Outcome: String, Codable {
            /// It made a run.
            case uploaded
            /// The server had its runs already (the same file, or the same activities).
            case onServer = "on-server"
            /// The server refused it (`reason` says why): not sent again.
            case refused
        }

        var outcome: Outcome
        /// The file it was first seen as, inside the folder.
        var file: String
        /// The run it made or found.
        var run: String?
        var reason: String?
        var at: Date

        init(outcome: Outcome, file: String, run: String? = nil, reason: String? = nil, at: Date) {
            self.outcome = outcome
            self.file = file
            self.run = run
            self.reason = reason
            self.at = at
        }
    }

    static let fileName = ".paceline-sync.json"
    static let version = 1

    var version = Self.version
    /// The server these uploads went to: a state for another is not this one's.
    var server: String
    /// By the file's path inside the folder.
    var files: [String: File] = [:]
    /// By SHA-256.
    var contents: [String: Content] = [:]

    init(server: String) {
        self.server = server
    }

    /// Whether the file at `path` with `stamp` was dealt with as it is.
    func isDone(_ path: String, _ stamp: FileStamp) -> Bool {
        guard let file = files[path], file.stamp == stamp else { return false }
        return file.unreadable != nil || file.sha256.map { contents[$0] != nil } == true
    }
}
