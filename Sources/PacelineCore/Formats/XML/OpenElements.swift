/// The names of the elements the scanner is inside, innermost last, so each end tag
/// can be checked against its start tag.
///
/// A name is a view into the scanner's buffer, where its start tag stands, so opening
/// an element copies nothing. Before the buffer changes (`keepAcrossRefill()`), the
/// names still open are copied out, which happens once per chunk, for a few names.
struct OpenElements: ~Copyable {
    private var names = ScratchBuffer<UnsafeBufferPointer<UInt8>>()
    private var kept = ScratchBuffer<UInt8>()

    /// Number of open elements.
    var count: Int { names.count }

    var isEmpty: Bool { names.isEmpty }

    /// Opens an element named `name` (a view into the scanner's buffer).
    mutating func push(_ name: UnsafeBufferPointer<UInt8>) {
        names.append(name)
    }

    /// Closes the innermost element.
    mutating func pop() {
        names.removeLast()
    }

    /// Length in bytes of the innermost element's name.
    var innermostLength: Int { names.last.count }

    /// Whether the `innermostLength` bytes at `p` are the innermost element's name.
    func innermostIs(_ p: UnsafePointer<UInt8>) -> Bool {
        let name = names.last
        return memoryEqual(name.baseAddress!, p, name.count)
    }

    /// The name of the element at `index` (0 is the root), for messages.
    func name(_ index: Int) -> String {
        String(decoding: names[index], as: UTF8.self)
    }

    /// Copies the open names out of the scanner's buffer, which is about to change.
    mutating func keepAcrossRefill() {
        let total = names.elements.reduce(0) { $0 + $1.count }
        var fresh = ScratchBuffer<UInt8>(capacity: total)
        for index in 0..<names.count {
            let start = fresh.count
            fresh.append(contentsOf: names[index])
            names[index] = UnsafeBufferPointer(rebasing: fresh.elements[start...])
        }
        kept = fresh
    }
}
