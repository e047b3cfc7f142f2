/// A byte buffer that keeps its memory when emptied: scratch space reused for every
/// element of a document, so scanning allocates only while the buffer grows.
struct ScratchBytes {
    private var storage: [UInt8] = []

    /// Number of bytes held.
    private(set) var count = 0

    /// Appends `bytes`.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let newCount = count + bytes.count
        if newCount > storage.count {
            storage.append(contentsOf: repeatElement(0, count: max(newCount - storage.count, storage.count, 64)))
        }
        storage.withUnsafeMutableBufferPointer { ($0.baseAddress! + count).update(from: source, count: bytes.count) }
        count = newCount
    }

    /// Keeps only the first `count` bytes.
    mutating func removeAll(after count: Int = 0) {
        self.count = count
    }

    /// Calls `body` with the bytes held.
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }
}
