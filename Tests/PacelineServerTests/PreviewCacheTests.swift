import Foundation
@testable import PacelineServer
import Testing

/// The share pages' PNG cache: a picture is drawn once while kept, and the least recently
/// used goes first when the bytes run out.
@Suite("Preview cache")
struct PreviewCacheTests {
    @Test("a kept picture is not drawn again; the least recently used is dropped to stay within capacity")
    func leastRecentlyUsedGoesFirst() {
        let cache = PreviewCache(capacityBytes: 300)
        let (a, b, c) = (UUID(), UUID(), UUID())
        var draws = 0
        func picture(_ byte: UInt8) -> () -> Data { { draws += 1; return Data(repeating: byte, count: 100) } }

        #expect(cache.png(for: a, draw: picture(1)) == Data(repeating: 1, count: 100))
        #expect(cache.png(for: a, draw: picture(9)) == Data(repeating: 1, count: 100))
        #expect(draws == 1)
        _ = cache.png(for: b, draw: picture(2))
        _ = cache.png(for: c, draw: picture(3))
        _ = cache.png(for: a, draw: picture(9))  // a is now the most recently used
        #expect(draws == 3)

        _ = cache.png(for: UUID(), draw: picture(4))  // 400 bytes: b, the least recently used, goes
        #expect(!cache.contains(b))
        #expect(cache.contains(a) && cache.contains(c))
    }

    @Test("a picture larger than the whole cache is served but not kept")
    func oversized() {
        let cache = PreviewCache(capacityBytes: 50)
        let id = UUID()
        #expect(cache.png(for: id) { Data(count: 80) }.count == 80)
        #expect(!cache.contains(id))
    }
}
