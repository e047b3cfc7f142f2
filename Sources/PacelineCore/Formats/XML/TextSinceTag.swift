/// The character data the scanner met since the last tag: for a leaf element such as
/// `<ele>301.5</ele>`, its whole text, handed to the handler with the end tag.
///
/// Usually that is one piece, left where it lies in the scanner's buffer. Pieces split
/// by a comment or CDATA section are gathered into scratch bytes, and so is a piece
/// that must outlive the buffer's current contents (`keepAcrossRefill()`).
/// White-space-only pieces add nothing, as if they were not there.
struct TextSinceTag {
    private var piece = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var gathered = ScratchBytes()
    private var isGathered = false
    private var needsDecoding = false

    /// Forgets the text (a tag was met).
    mutating func reset() {
        piece = UnsafeBufferPointer(start: nil, count: 0)
        isGathered = false
        needsDecoding = false
    }

    /// Adds a piece of text that has content.
    mutating func append(_ text: XMLBytes) {
        needsDecoding = needsDecoding || text.needsDecoding
        if piece.isEmpty && !isGathered {
            piece = text.raw
            return
        }
        keepAcrossRefill()
        gathered.append(text.raw)
    }

    /// Copies a piece that still points into the scanner's buffer, which is about to change.
    mutating func keepAcrossRefill() {
        guard !isGathered, !piece.isEmpty else { return }
        gathered.removeAll()
        gathered.append(piece)
        piece = UnsafeBufferPointer(start: nil, count: 0)
        isGathered = true
    }

    /// Calls `body` with the text.
    func withText<Result>(_ body: (XMLBytes) throws -> Result) rethrows -> Result {
        guard isGathered else { return try body(XMLBytes(piece, needsDecoding: needsDecoding)) }
        return try gathered.withUnsafeBufferPointer { try body(XMLBytes($0, needsDecoding: needsDecoding)) }
    }
}
