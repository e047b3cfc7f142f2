/// The names of the elements the scanner is inside, innermost last, so each end tag
/// can be checked against its start tag.
///
/// A name is a view into the scanner's buffer, where its start tag stands, so opening
/// an element copies nothing. Before the buffer changes (`keepAcrossRefill()`), the
/// names still open are copied out, which happens once per chunk, for a few names.
struct OpenElements: ~Copyable {
    private var names = ScratchBuffer<UnsafeBufferPointer<UInt8>>()
    /// The bytes of the outermost `keptCount` names, in order; those names point here.
    private var kept = ScratchBuffer<UInt8>()
    /// How many of the outermost names are kept; the rest point into the scanner's buffer.
    private var keptCount = 0

    /// Number of open elements.
    var count: Int { names.count }

    var isEmpty: Bool { names.isEmpty }

    /// Opens an element named `name` (a view into the scanner's buffer).
    mutating func push(_ name: UnsafeBufferPointer<UInt8>) {
        names.append(name)
    }

    /// Closes the innermost element.
    mutating func pop() {
        let name = names.last
        names.removeLast()
        if names.count < keptCount {
            keptCount -= 1
            kept.removeLast(name.count)
        }
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

    /// Copies the names opened since the last refill out of the scanner's buffer, which is
    /// about to change. Names kept before are not copied again: a file whose refills come
    /// a few bytes at a time, under 100 open names of a megabyte each, copied them all at
    /// every refill. The views are then pointed at `kept`, which may have moved.
    mutating func keepAcrossRefill() {
        guard keptCount < names.count else { return }
        for index in keptCount..<names.count { kept.append(contentsOf: names[index]) }
        keptCount = names.count
        var offset = 0
        let base = kept.elements.baseAddress!
        for index in 0..<names.count {
            let length = names[index].count
            names[index] = UnsafeBufferPointer(start: base + offset, count: length)
            offset += length
        }
    }
}
