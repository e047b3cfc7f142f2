/// The names of the elements the scanner is inside, innermost last, so each end tag
/// can be checked against its start tag.
///
/// The names are copied end to end into one byte buffer that only grows: popping is
/// a subtraction, and a push after a pop reuses the bytes, so a document with millions
/// of elements allocates once.
struct OpenElements {
    private var bytes: [UInt8] = []
    private var ends: [Int] = []
    private var byteCount = 0

    /// Number of open elements.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Opens an element named `name`.
    mutating func push(_ name: UnsafeBufferPointer<UInt8>) {
        let end = byteCount + name.count
        if end > bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(end - bytes.count, 256))) }
        bytes.withUnsafeMutableBufferPointer { buffer in
            (buffer.baseAddress! + byteCount).update(from: name.baseAddress!, count: name.count)
        }
        if count == ends.count { ends.append(end) } else { ends[count] = end }
        byteCount = end
        count += 1
    }

    /// Closes the innermost element.
    mutating func pop() {
        count -= 1
        byteCount = count > 0 ? ends[count - 1] : 0
    }

    /// Length in bytes of the innermost element's name.
    var innermostLength: Int { byteCount - (count > 1 ? ends[count - 2] : 0) }

    /// Whether the `innermostLength` bytes at `p` are the innermost element's name.
    func innermostIs(_ p: UnsafePointer<UInt8>) -> Bool {
        let length = innermostLength
        return bytes.withUnsafeBufferPointer { memoryEqual($0.baseAddress! + (byteCount - length), p, length) }
    }

    /// The name of the element at `index` (0 is the root), for messages.
    func name(_ index: Int) -> String {
        let start = index > 0 ? ends[index - 1] : 0
        return String(decoding: bytes[start..<ends[index]], as: UTF8.self)
    }
}
