import Foundation
import Synchronization

/// Documents made lately (a share card's PNG, a track's gzipped GeoJSON), kept in memory
/// by what they were made from, so a busy run is made once rather than once per reader.
///
/// The key says everything a document depends on (`RunView`: the run, its edit, the zones
/// hidden), so a changed run or zone makes a new key and never serves a stale document;
/// whether it may be shown at all is asked before the cache (`RunAccess`). At most
/// `capacityBytes` and `capacityEntries` are kept: the least recently used document goes
/// first. Requests that miss the same key at once wait for one making of it (a shared
/// run opened by a whole club makes its track once, not once per phone).
final class RecentBytes<Key: Hashable & Sendable>: Sendable {
    private struct Entry {
        var bytes: Data
        var lastUsed: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        /// Keys being made, and the requests waiting for them (nil: making failed, try yourself).
        var making: [Key: [CheckedContinuation<Data?, Never>]] = [:]
    }

    /// The most bytes kept.
    let capacityBytes: Int
    /// The most documents kept: small ones (a renamed run's, over and over) can't pile up.
    let capacityEntries: Int
    private let state = Mutex(State())

    init(capacityBytes: Int, capacityEntries: Int = 4_096) {
        self.capacityBytes = capacityBytes
        self.capacityEntries = capacityEntries
    }

    /// The document for `key`: the one kept, else the one being made for another request,
    /// else `make()`'s, kept for next time. If that making fails, each waiting request
    /// tries for itself.
    /// - Complexity: O(1) for a kept document; storing one past the capacity scans the
    ///   entries (at most `capacityEntries`) for the least recently used.
    func bytes(for key: Key, make: () async throws -> Data) async rethrows -> Data {
        while true {
            switch state.withLock({ Self.next(for: key, in: &$0) }) {
            case .kept(let bytes):
                return bytes
            case .wait:
                let made = await withCheckedContinuation { (waiter: CheckedContinuation<Data?, Never>) in
                    // Registered under the lock that the maker's end takes: never missed.
                    state.withLock { state in
                        if let kept = Self.touch(key, in: &state) { return waiter.resume(returning: kept) }
                        guard state.making[key] != nil else { return waiter.resume(returning: nil) }
                        state.making[key]!.append(waiter)
                    }
                }
                if let made { return made }
            case .make:
                let bytes: Data
                do {
                    bytes = try await make()
                } catch {
                    for waiter in state.withLock({ $0.making.removeValue(forKey: key) ?? [] }) { waiter.resume(returning: nil) }
                    throw error
                }
                for waiter in keep(bytes, for: key) { waiter.resume(returning: bytes) }
                return bytes
            }
        }
    }

    /// Whether the document for `key` is kept.
    func contains(_ key: Key) -> Bool { state.withLock { $0.entries[key] != nil } }

    /// Whether a document whose key matches `predicate` is kept.
    func contains(where predicate: (Key) -> Bool) -> Bool { state.withLock { $0.entries.keys.contains(where: predicate) } }

    /// How many documents are kept.
    var count: Int { state.withLock { $0.entries.count } }

    private enum Step {
        case kept(Data)
        case wait
        case make
    }

    /// What a request for `key` does: take the kept document, wait for the one being made, or make it.
    private static func next(for key: Key, in state: inout State) -> Step {
        if let kept = touch(key, in: &state) { return .kept(kept) }
        if state.making[key] != nil { return .wait }
        state.making[key] = []
        return .make
    }

    /// The kept document for `key`, now the most recently used.
    private static func touch(_ key: Key, in state: inout State) -> Data? {
        guard var entry = state.entries[key] else { return nil }
        state.clock += 1
        entry.lastUsed = state.clock
        state.entries[key] = entry
        return entry.bytes
    }

    /// Keeps `bytes` (unless larger than the whole capacity), drops the least recently
    /// used beyond the capacity, and returns the requests that waited for `key`.
    private func keep(_ bytes: Data, for key: Key) -> [CheckedContinuation<Data?, Never>] {
        state.withLock { state in
            let waiters = state.making.removeValue(forKey: key) ?? []
            guard bytes.count <= capacityBytes else { return waiters }
            state.clock += 1
            if let previous = state.entries.updateValue(Entry(bytes: bytes, lastUsed: state.clock), forKey: key) {
                state.bytes -= previous.bytes.count
            }
            state.bytes += bytes.count
            while state.bytes > capacityBytes || state.entries.count > capacityEntries,
                  let oldest = state.entries.min(by: { $0.value.lastUsed < $1.value.lastUsed }) {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.bytes.count
            }
            return waiters
        }
    }
}
