/// The names of the elements the scanner is inside, innermost last, so each end tag
/// can be checked against its start tag.
///
/// The names are copied end to end into scratch bytes that keep their memory, so a
/// document with millions of elements allocates only for its deepest nesting.
struct OpenElements {
    private var names = ScratchBytes()
    private var ends: [Int] = []

    /// Number of open elements.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Opens an element named `name`.
    mutating func push(_ name: UnsafeBufferPointer<UInt8>) {
        names.append(name)
        if count == ends.count { ends.append(names.count) } else { ends[count] = names.count }
        count += 1
    }

    /// Closes the innermost element.
    mutating func pop() {
        count -= 1
        names.removeAll(after: count > 0 ? ends[count - 1] : 0)
    }

    /// Length in bytes of the innermost element's name.
    var innermostLength: Int { names.count - (count > 1 ? ends[count - 2] : 0) }

    /// Whether the `innermostLength` bytes at `p` are the innermost element's name.
    func innermostIs(_ p: UnsafePointer<UInt8>) -> Bool {
        let length = innermostLength
        return names.withUnsafeBufferPointer { memoryEqual($0.baseAddress! + ($0.count - length), p, length) }
    }

    /// The name of the element at `index` (0 is the root), for messages.
    func name(_ index: Int) -> String {
        let start = index > 0 ? ends[index - 1] : 0
        return names.withUnsafeBufferPointer { String(decoding: $0[start..<ends[index]], as: UTF8.self) }
    }
}
