import Foundation
@testable import PacelineServer
import Testing

/// The documents kept in memory (share cards, tracks): one is made once while kept, and the
/// least recently used goes first when the bytes run out.
@Suite("Recent bytes")
struct RecentBytesTests {
    @Test("a kept document is not made again; the least recently used is dropped to stay within capacity")
    func leastRecentlyUsedGoesFirst() async {
        let cache = RecentBytes<UUID>(capacityBytes: 300)
        let (a, b, c) = (UUID(), UUID(), UUID())
        var makes = 0
        func document(_ byte: UInt8) -> () -> Data { { makes += 1; return Data(repeating: byte, count: 100) } }

        #expect(await cache.bytes(for: a, make: document(1)) == Data(repeating: 1, count: 100))
        #expect(await cache.bytes(for: a, make: document(9)) == Data(repeating: 1, count: 100))
        #expect(makes == 1)
        _ = await cache.bytes(for: b, make: document(2))
        _ = await cache.bytes(for: c, make: document(3))
        _ = await cache.bytes(for: a, make: document(9))  // a is now the most recently used
        #expect(makes == 3)

        _ = await cache.bytes(for: UUID(), make: document(4))  // 400 bytes: b, the least recently used, goes
        #expect(!cache.contains(b))
        #expect(cache.contains(a) && cache.contains(c))
    }

    @Test("a document larger than the whole cache is served but not kept")
    func oversized() async {
        let cache = RecentBytes<UUID>(capacityBytes: 50)
        let id = UUID()
        #expect(await cache.bytes(for: id) { Data(count: 80) }.count == 80)
        #expect(!cache.contains(id))
    }
}
