/// The character data the scanner met since the last tag: for a leaf element such as
/// `<ele>301.5</ele>`, its whole text, handed to the handler with the end tag.
///
/// Usually that is one piece, left where it lies in the scanner's buffer. Pieces split
/// by a comment or CDATA section are gathered into scratch space, and so is a piece
/// that must outlive the buffer's current contents (`keepAcrossRefill()`). The scanner
/// leaves out pieces that are only white space.
struct TextSinceTag: ~Copyable {
    private var piece = XMLBytes.empty.raw
    private var gathered = ScratchBuffer<UInt8>(capacity: 64)
    private var isGathered = false
    private var needsDecoding = false

    /// Forgets the text (a tag was met).
    mutating func reset() {
        piece = XMLBytes.empty.raw
        isGathered = false
        needsDecoding = false
    }

    /// Adds a piece of text.
    mutating func append(_ text: XMLBytes) {
        needsDecoding = needsDecoding || text.needsDecoding
        if piece.isEmpty && !isGathered {
            piece = text.raw
            return
        }
        keepAcrossRefill()
        gathered.append(contentsOf: text.raw)
    }

    /// Copies a piece that still points into the scanner's buffer, which is about to change.
    mutating func keepAcrossRefill() {
        guard !isGathered, !piece.isEmpty else { return }
        gathered.removeAll()
        gathered.append(contentsOf: piece)
        piece = XMLBytes.empty.raw
        isGathered = true
    }

    /// Bytes of text held, for the limit on an element's text (`FileLimits.xmlTokenBytes`).
    var byteCount: Int { isGathered ? gathered.count : piece.count }

    /// The text; valid until the next change or refill.
    var bytes: XMLBytes { XMLBytes(isGathered ? gathered.elements : piece, needsDecoding: needsDecoding) }
}
