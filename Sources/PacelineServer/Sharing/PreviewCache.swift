import Foundation
import PacelineCore
import Synchronization

/// The PNG previews drawn lately, by run, so a link posted to a busy group chat is drawn
/// once rather than once per robot that unfurls it (each drawing costs about 70 ms of
/// CPU; docs/PERFORMANCE.md).
///
/// A run's track never changes, and a picture is kept with the privacy zones it hides
/// (its owner's when drawn), so a zone added later draws it again; whether it may be shown
/// is asked before the cache (`RunAccess`), so a run made private or deleted is refused
/// whatever the cache holds. At most `capacityBytes` are kept: the least recently used
/// picture goes first.
final class PreviewCache: Sendable {
    private struct Entry {
        var png: Data
        var lastUsed: UInt64
    }

    /// A picture: the run, and the zones hidden from it.
    private struct Key: Hashable {
        var run: UUID
        var hidden: [PrivacyZone]
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    /// The most bytes of PNG kept.
    let capacityBytes: Int
    private let state = Mutex(State())

    init(capacityBytes: Int) {
        self.capacityBytes = capacityBytes
    }

    /// The preview of run `id` with `hidden` zones left out: the one kept, else `draw()`'s, kept for next time. Two
    /// requests missing at once may both draw; the picture is the same.
    /// - Complexity: O(1) for a kept picture; storing one that overflows the capacity
    ///   scans the entries for the least recently used (a few hundred at most).
    func png(for run: UUID, hiding hidden: [PrivacyZone] = [], draw: () throws -> Data) rethrows -> Data {
        let id = Key(run: run, hidden: hidden)
        let kept = state.withLock { state -> Data? in
            guard var entry = state.entries[id] else { return nil }
            state.clock += 1
            entry.lastUsed = state.clock
            state.entries[id] = entry
            return entry.png
        }
        if let kept { return kept }
        let png = try draw()
        guard png.count <= capacityBytes else { return png }
        state.withLock { state in
            state.clock += 1
            if let previous = state.entries.updateValue(Entry(png: png, lastUsed: state.clock), forKey: id) {
                state.bytes -= previous.png.count
            }
            state.bytes += png.count
            while state.bytes > capacityBytes,
                  let oldest = state.entries.min(by: { $0.value.lastUsed < $1.value.lastUsed }) {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.png.count
            }
        }
        return png
    }

    /// Whether run `id`'s picture hiding `hidden` is kept.
    func contains(_ id: UUID, hiding hidden: [PrivacyZone] = []) -> Bool { state.withLock { $0.entries[Key(run: id, hidden: hidden)] != nil } }
}
