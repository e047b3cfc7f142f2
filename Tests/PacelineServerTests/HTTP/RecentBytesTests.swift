import Foundation
@testable import PacelineServer
import Synchronization
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

    @Test("small documents can't pile up: at most capacityEntries are kept, the least recently used going first")
    func entryCap() async {
        let cache = RecentBytes<Int>(capacityBytes: 1 << 20, capacityEntries: 3)
        for key in 0..<3 { _ = await cache.bytes(for: key) { Data([UInt8(key)]) } }
        _ = await cache.bytes(for: 0) { Data() }  // 0 is now the most recently used
        _ = await cache.bytes(for: 3) { Data([3]) }
        #expect(cache.count == 3)
        #expect(!cache.contains(1) && cache.contains(0) && cache.contains(2) && cache.contains(3))
    }

    @Test("requests missing one document at once wait for a single making of it")
    func oneMakingForManyRequests() async {
        let cache = RecentBytes<Int>(capacityBytes: 1 << 20)
        let makes = Counter()
        let documents = await withTaskGroup(of: Data.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    await cache.bytes(for: 7) {
                        makes.add()
                        try? await Task.sleep(for: .milliseconds(200))
                        return Data("the track".utf8)
                    }
                }
            }
            return await group.reduce(into: [Data]()) { $0.append($1) }
        }
        #expect(makes.value == 1)
        #expect(documents == Array(repeating: Data("the track".utf8), count: 20))
    }

    @Test("when the making fails, its caller gets the error and the waiting requests make it again, once")
    func failedMakingIsRetriedOnce() async {
        let cache = RecentBytes<Int>(capacityBytes: 1 << 20)
        let makes = Counter()
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    (try? await cache.bytes(for: 1) {
                        let attempt = makes.add()
                        try await Task.sleep(for: .milliseconds(200))
                        if attempt == 1 { throw MakingFailed() }
                        return Data([1])
                    }) != nil
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(makes.value == 2)
        #expect(outcomes.filter { !$0 }.count == 1)
        #expect(cache.contains(1))
    }
}

private struct MakingFailed: Error {}

/// How many times a document was made, from concurrent requests.
private final class Counter: Sendable {
    private let count = Mutex(0)

    var value: Int { count.withLock { $0 } }

    @discardableResult
    func add() -> Int { count.withLock { $0 += 1; return $0 } }
}
