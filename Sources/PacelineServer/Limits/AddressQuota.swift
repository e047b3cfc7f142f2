import Synchronization

/// The connections each client address (`ClientAddress`) holds on this instance, so that
/// no address holds more than `limit` at once: live sockets (`LiveHub`), and HTTP
/// connections not upgraded (`ConnectionGate`). Counting and checking are one step under
/// one lock, so connections arriving together can't all slip under the limit.
///
/// Kept per instance, in memory: what it protects is each instance's own sockets,
/// memory and file descriptors, and a connection that has not authenticated must not
/// touch the database (where a count shared by instances would live).
final class AddressQuota: Sendable {
    let limit: Int
    private let held = Mutex<[String: Int]>([:])

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts a new connection from `address`; false, counting nothing, when the address
    /// holds `limit` already.
    func admit(_ address: String) -> Bool {
        held.withLock { held in
            let count = held[address, default: 0]
            guard count < limit else { return false }
            held[address] = count + 1
            return true
        }
    }

    /// A connection from `address` (admitted) closed.
    func release(_ address: String) {
        held.withLock { held in
            let count = held[address, default: 0] - 1
            held[address] = count > 0 ? count : nil
        }
    }
}
