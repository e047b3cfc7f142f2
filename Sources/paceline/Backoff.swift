/// How long `paceline sync` waits before asking a server that did not answer again: 1, 2,
/// 4… seconds, at most a minute. Without `--watch` it gives up after 4 waits (15 s in all);
/// watching, it never does.
struct Backoff {
    let keepsTrying: Bool
    /// Waits since the server last answered.
    private(set) var waits = 0

    /// The seconds to wait before the next try; nil to give up.
    mutating func next() -> Int? {
        guard keepsTrying || waits < 4 else { return nil }
        waits += 1
        return min(1 << min(waits - 1, 6), 60)
    }

    /// The server answered.
    mutating func reset() {
        waits = 0
    }
}
