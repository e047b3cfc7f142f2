import Foundation

/// Where a folder's `SyncState` is kept: `.paceline-sync.json` in the folder, replaced
/// whole by a rename (written beside it as `.paceline-sync.json.tmp`, flushed to disk,
/// then renamed over it), so that a sync stopped at any instant, even by `kill -9` or a
/// watch unplugged, leaves the old state or the new one, never half of either.
struct SyncStateFile {
    let url: URL
    private var temporary: URL { url.appendingPathExtension("tmp") }

    init(folder: String) {
        url = URL(fileURLWithPath: folder).appendingPathComponent(SyncState.fileName)
    }

    /// The state kept for `server`; a new one when there is none, or it can't be read or is
    /// for another server (then `note` says so: the server's own duplicate answers still
    /// keep a file from making a run twice).
    func load(server: String, note: (String) -> Void) -> SyncState {
        // Never through a link, never a FIFO; a state of many thousand files is a few MB.
        guard let data = try? RegularFile.read(url.path, limit: 64 << 20) else { return SyncState(server: server) }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let state = try? decoder.decode(SyncState.self, from: data), state.version == SyncState.version else {
            note("\(url.path) can't be read; starting afresh (the server still answers files it has as duplicates)")
            return SyncState(server: server)
        }
        guard state.server == server else {
            note("\(url.path) is for \(state.server); starting afresh for \(server)")
            return SyncState(server: server)
        }
        return state
    }

    /// Replaces the kept state with `state`.
    /// - Throws: `Unwritable` saying which file and why.
    func save(_ state: SyncState) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(state)
        do {
            // Made anew, never written through a link someone put at its name.
            try RegularFile.create(temporary.path, with: data)
        } catch {
            throw Unwritable(description: "can't write \(temporary.path): \(error)")
        }
        guard rename(temporary.path, url.path) == 0 else {
            throw Unwritable(description: "can't replace \(url.path): \(String(cString: strerror(errno)))")
        }
    }

    /// A state that could not be kept, in one line.
    struct Unwritable: Error, CustomStringConvertible {
        let description: String
    }
}
