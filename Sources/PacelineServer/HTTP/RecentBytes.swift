import Foundation
import Synchronization

/// Documents made lately (a share card's PNG, a track's gzipped GeoJSON), kept in memory
/// by what they were made from, so a busy run is made once rather than once per reader.
///
/// The key says everything a document depends on (`RunView`: the run, its edit, the zones
/// hidden), so a changed run or zone makes a new key and never serves a stale document;
/// whether it may be shown at all is asked before the cache (`RunAccess`). At most
/// `capacityBytes` are kept: the least recently used document goes first.
final class RecentBytes<Key: Hashable & Sendable>: Sendable {
    private struct Entry {
        var bytes: Data
        var lastUsed: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    /// The most bytes kept.
    let capacityBytes: Int
    private let state = Mutex(State())

    init(capacityBytes: Int) {
        self.capacityBytes = capacityBytes
    }

    /// The document for `key`: the one kept, else `make()`'s, kept for next time. Two
    /// requests missing at once may both make it; the document is the same.
    /// - Complexity: O(1) for a kept document; storing one that overflows the capacity
    ///   scans the entries for the least recently used (a few hundred at most).
    func bytes(for key: Key, make: () async throws -> Data) async rethrows -> Data {
        if let kept = kept(key) { return kept }
        let bytes = try await make()
        keep(bytes, for: key)
        return bytes
    }

    /// Whether the document for `key` is kept.
    func contains(_ key: Key) -> Bool { state.withLock { $0.entries[key] != nil } }

    /// Whether a document whose key matches `predicate` is kept.
    func contains(where predicate: (Key) -> Bool) -> Bool { state.withLock { $0.entries.keys.contains(where: predicate) } }

    private func kept(_ key: Key) -> Data? {
        state.withLock { state -> Data? in
            guard var entry = state.entries[key] else { return nil }
            state.clock += 1
            entry.lastUsed = state.clock
            state.entries[key] = entry
            return entry.bytes
        }
    }

    private func keep(_ bytes: Data, for key: Key) {
        guard bytes.count <= capacityBytes else { return }
        state.withLock { state in
            state.clock += 1
            if let previous = state.entries.updateValue(Entry(bytes: bytes, lastUsed: state.clock), forKey: key) {
                state.bytes -= previous.bytes.count
            }
            state.bytes += bytes.count
            while state.bytes > capacityBytes,
                  let oldest = state.entries.min(by: { $0.value.lastUsed < $1.value.lastUsed }) {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.bytes.count
            }
        }
    }
}
