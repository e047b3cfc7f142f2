import Foundation

/// A growing buffer of UTF-8 bytes that the activity writers fill, flushed in
/// chunks to a `TextOutputStream` so a large track never needs two full copies.
///
/// Writers append pieces (static markup, escaped text, numbers, timestamps) and
/// call `flush(to:ifAtLeast:)` between records; the number, timestamp and escaping
/// helpers live in extensions beside this file.
struct TextOutput {
    /// Bytes written since the last flush.
    private(set) var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends markup known at compile time, as is (no escaping).
    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends one ASCII byte.
    @inline(__always)
    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends raw bytes (already UTF-8 and safe for the output format).
    @inline(__always)
    mutating func appendBytes(_ raw: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: raw)
    }

    /// Appends a string's UTF-8 as is (no escaping); for text known to be safe.
    mutating func appendRaw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Moves the buffered bytes to `target` as one string once at least
    /// `threshold` bytes are buffered (0 flushes whatever is there).
    mutating func flush<Target: TextOutputStream>(to target: inout Target, ifAtLeast threshold: Int) {
        guard !bytes.isEmpty, bytes.count >= threshold else { return }
        target.write(String(decoding: bytes, as: UTF8.self))
        bytes.removeAll(keepingCapacity: true)
    }
}

/// How many bytes writers buffer before handing a chunk to a `TextOutputStream`.
let textOutputChunkSize = 1 << 16

extension TextOutput {
    /// Emits a whole document (`emit` fills the buffer and may flush it to the
    /// target every `chunkSize` bytes) into one string.
    static func document(
        reservingCapacity capacity: Int, _ emit: (inout TextOutput, inout String, _ chunkSize: Int) -> Void
    ) -> String {
        var result = ""
        var output = TextOutput(reservingCapacity: capacity)
        emit(&output, &result, .max)
        output.flush(to: &result, ifAtLeast: 0)
        return result
    }

    /// Emits a document into `target` in chunks of about `textOutputChunkSize` bytes,
    /// so a large track is never held in memory twice.
    static func stream<Target: TextOutputStream>(
        to target: inout Target, _ emit: (inout TextOutput, inout Target, _ chunkSize: Int) -> Void
    ) {
        var output = TextOutput(reservingCapacity: textOutputChunkSize + 4096)
        emit(&output, &target, textOutputChunkSize)
        output.flush(to: &target, ifAtLeast: 0)
    }
}
