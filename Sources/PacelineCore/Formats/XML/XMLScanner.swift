/// Receives what `XMLScanner` finds, in document order.
///
/// Names, attribute values and text are views into the scanner's buffer, valid only
/// during the call: copy what you keep.
protocol XMLHandler {
    /// An element opens (`<trkpt lat="…">`). Self-closing elements get both calls.
    mutating func startElement(_ name: XMLBytes, attributes: XMLAttributes) throws
    /// An element closes. `text` is the character data since the last tag: all the
    /// text of a leaf element like `<ele>301.5</ele>` (comments and CDATA sections
    /// removed); empty when the element has none.
    mutating func endElement(_ name: XMLBytes, text: XMLBytes) throws
}

/// A streaming, non-validating XML 1.0 scanner built for speed on large tracks.
///
/// It reads a `ByteStream` chunk by chunk, never builds a tree, and checks what a
/// reader of activity files must not let through: well-formed names (XML 1.0 name
/// characters, so `<xml∂>` is refused), balanced and matching tags, quoted
/// attributes, known entities, a single root element and nothing but white space,
/// comments and processing instructions outside it. DTDs are skipped, not processed.
///
/// - Complexity: O(n) in the bytes of the document; memory is one chunk plus the
///   names of the currently open elements. A token (tag, comment, text) of more than
///   `FileLimits.xmlTokenBytes`, or elements nested more than `FileLimits.xmlDepth` deep,
///   are refused (`.overLimit`): nothing in an activity file is that long or deep.
struct XMLScanner: ~Copyable {
    private var open = OpenElements()
    private var sawRoot = false
    private var line = 1
    private var attributes = ScratchBuffer<XMLAttributes.Entry>()
    private var text = TextSinceTag()

    /// Scans the whole stream, calling `handler` for each element.
    static func scan<Handler: XMLHandler>(_ stream: ByteStream, into handler: inout Handler) throws {
        var scanner = XMLScanner()
        do {
            try scanner.run(stream, &handler)
        } catch let refused as XMLContentError {
            throw scanner.error(refused.message, kind: refused.kind)
        }
    }

    /// Scans one piece of a document, read on its own (`GPXPieces`): it begins inside the
    /// elements `inside` (outermost first; none for the first piece) and, unless it is the
    /// last, ends anywhere between two tokens. Returns the names of the elements open at
    /// its end, outermost first. A token cut by the piece's end is an error, as at the end
    /// of a file; line numbers count from the piece's start.
    static func scanPiece<Handler: XMLHandler>(
        _ stream: ByteStream, into handler: inout Handler, inside: [StaticString], isLast: Bool
    ) throws -> [String] {
        var scanner = XMLScanner()
        for name in inside {
            scanner.open.push(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        }
        scanner.sawRoot = !inside.isEmpty
        do {
            try scanner.run(stream, &handler, atDocumentStart: inside.isEmpty, checksEnd: isLast)
        } catch let refused as XMLContentError {
            throw scanner.error(refused.message, kind: refused.kind)
        }
        return (0..<scanner.open.count).map { scanner.open.name($0) }
    }

    /// Scans to the stream's end. `atDocumentStart`: whether the stream starts with the
    /// document (where an encoding is told); `checksEnd`: whether the document must be
    /// complete at the stream's end.
    private mutating func run<Handler: XMLHandler>(
        _ stream: ByteStream, _ handler: inout Handler, atDocumentStart: Bool = true, checksEnd: Bool = true
    ) throws {
        var isFinal = !stream.require(4)
        if atDocumentStart {
            try Self.rejectUnsupportedEncoding(stream)
            if stream.available >= 3, stream.buffer[stream.position..<stream.position + 3].elementsEqual([0xEF, 0xBB, 0xBF]) {
                stream.position += 3  // UTF-8 byte order mark
            }
        }
        while true {
            let consumed = try stream.buffer.withUnsafeBufferPointer { all in
                try scanChunk(all.baseAddress! + stream.position, stream.end - stream.position, isFinal, &handler)
            }
            stream.position += consumed
            if isFinal { break }
            // A token longer than what is held asks for twice as much, not a chunk more: each
            // ask scans the token again from its start, so a long one costs O(n), not O(n²).
            isFinal = !stream.require(consumed == 0 ? 2 * stream.available + 1 : stream.available + 1)
        }
        guard checksEnd else { return }
        if !open.isEmpty {
            throw error("the file ends inside <\(open.name(open.count - 1))>", kind: .truncated)
        }
        if !sawRoot { throw error("the file has no XML element", kind: .malformedXML) }
    }

    private static func rejectUnsupportedEncoding(_ stream: ByteStream) throws {
        guard stream.available >= 2 else { return }
        let b0 = stream.buffer[stream.position], b1 = stream.buffer[stream.position + 1]
        if (b0 == 0xFE && b1 == 0xFF) || (b0 == 0xFF && b1 == 0xFE) {
            throw ActivityFileError(.unsupportedFormat, "the file is UTF-16 encoded; save it as UTF-8")
        }
    }

    // MARK: - Tokens

    /// Scans complete tokens of `p[0..<count]`; returns how many bytes were consumed.
    /// An incomplete token at the end is left for the next chunk unless `isFinal`.
    private mutating func scanChunk<Handler: XMLHandler>(
        _ p: UnsafePointer<UInt8>, _ count: Int, _ isFinal: Bool, _ handler: inout Handler
    ) throws -> Int {
        defer {
            text.keepAcrossRefill()
            open.keepAcrossRefill()
        }
        var i = 0
        while i < count {
            let tokenStart = i
            let linesBefore = line
            let next: Int?
            if p[i] == UInt8(ascii: "<") {
                next = try scanMarkup(p, i, count, &handler)
            } else {
                next = try scanText(p, i, count, isFinal, &handler)
            }
            guard let next else {
                if isFinal { throw error("the file ends in the middle of a tag", kind: .truncated) }
                guard count - tokenStart <= FileLimits.xmlTokenBytes else { throw tokenTooLong() }
                line = linesBefore
                return tokenStart
            }
            guard next - tokenStart <= FileLimits.xmlTokenBytes else { throw tokenTooLong() }
            i = next
        }
        return count
    }

    private mutating func scanText<Handler: XMLHandler>(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ count: Int, _ isFinal: Bool, _ handler: inout Handler
    ) throws -> Int? {
        var i = start
        var hasContent = false
        var hasEntity = false
        while i < count {
            let c = p[i]
            if c == UInt8(ascii: "<") { break }
            if c == 0x0A { line += 1 } else if c == UInt8(ascii: "&") { hasEntity = true; hasContent = true } else if c != 0x20 && c != 0x09 && c != 0x0D { hasContent = true }
            i += 1
        }
        if i == count && !isFinal { return nil }
        if hasContent {
            if open.isEmpty { throw error("text outside the root element", kind: .malformedXML) }
            let bytes = XMLBytes(UnsafeBufferPointer(start: p + start, count: i - start), needsDecoding: hasEntity)
            if hasEntity { try checkEntities(bytes) }
            guard text.byteCount + bytes.raw.count <= FileLimits.xmlTokenBytes else { throw tokenTooLong() }
            text.append(bytes)
        }
        return i
    }

    /// The refusal of a token (a tag, comment, declaration or an element's text) longer
    /// than `FileLimits.xmlTokenBytes`.
    private func tokenTooLong() -> ActivityFileError {
        error("a tag, comment or text longer than \(FileLimits.xmlTokenBytes >> 20) MiB, more than any activity file holds", kind: .overLimit)
    }

    /// `p[start]` is "<". Returns the index after the markup, or nil if it is incomplete.
    private mutating func scanMarkup<Handler: XMLHandler>(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ count: Int, _ handler: inout Handler
    ) throws -> Int? {
        guard start + 1 < count else { return nil }
        switch p[start + 1] {
        case UInt8(ascii: "/"):
            return try scanEndTag(p, start, count, &handler)
        case UInt8(ascii: "?"):
            return skip(until: "?>", p, start + 2, count)
        case UInt8(ascii: "!"):
            return try scanDeclaration(p, start, count, &handler)
        default:
            return try scanStartTag(p, start, count, &handler)
        }
    }

    private mutating func scanDeclaration<Handler: XMLHandler>(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ count: Int, _ handler: inout Handler
    ) throws -> Int? {
        guard start + 9 <= count else { return nil }
        if p[start + 2] == UInt8(ascii: "-"), p[start + 3] == UInt8(ascii: "-") {
            return skip(until: "-->", p, start + 4, count)
        }
        if Self.matches("[CDATA[", p + start + 2) {
            guard let after = skip(until: "]]>", p, start + 9, count) else { return nil }
            if open.isEmpty { throw error("CDATA outside the root element", kind: .malformedXML) }
            let data = XMLBytes(UnsafeBufferPointer(start: p + start + 9, count: after - 3 - (start + 9)), needsDecoding: false)
            guard text.byteCount + data.raw.count <= FileLimits.xmlTokenBytes else { throw tokenTooLong() }
            text.append(data)
            return after
        }
        if Self.matches("DOCTYPE", p + start + 2) {
            // Skip the declaration, including an internal subset in brackets.
            var i = start + 9
            var depth = 0
            while i < count {
                switch p[i] {
                case UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "]"): depth -= 1
                case UInt8(ascii: ">") where depth <= 0: return i + 1
                case 0x0A: line += 1
                default: break
                }
                i += 1
            }
            return nil
        }
        throw error("unknown markup after \"<!\"", kind: .malformedXML)
    }

    private mutating func scanStartTag<Handler: XMLHandler>(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ count: Int, _ handler: inout Handler
    ) throws -> Int? {
        guard let nameEnd = try scanName(p, start + 1, count) else { return nil }
        if open.isEmpty && sawRoot { throw error("a second root element after the first one closed", kind: .malformedXML) }
        let name = UnsafeBufferPointer(start: p + start + 1, count: nameEnd - start - 1)
        attributes.removeAll()
        var i = nameEnd
        while true {
            let whitespaceStart = i
            guard let afterSpace = skipWhitespace(p, i, count) else { return nil }
            i = afterSpace
            let c = p[i]
            if c == UInt8(ascii: ">") || c == UInt8(ascii: "/") {
                let selfClosing = c == UInt8(ascii: "/")
                if selfClosing {
                    guard i + 1 < count else { return nil }
                    guard p[i + 1] == UInt8(ascii: ">") else { throw error("expected \">\" after \"/\" in <\(string(name))>", kind: .malformedXML) }
                    i += 1
                }
                sawRoot = true
                text.reset()
                let attributeView = XMLAttributes(entries: attributes.elements)
                try handler.startElement(XMLBytes(name, needsDecoding: false), attributes: attributeView)
                if selfClosing {
                    try handler.endElement(XMLBytes(name, needsDecoding: false), text: .empty)
                } else {
                    guard open.count < FileLimits.xmlDepth else {
                        throw error("elements nested more than \(FileLimits.xmlDepth) deep", kind: .overLimit)
                    }
                    open.push(name)
                }
                return i + 1
            }
            if i == whitespaceStart { throw error("expected white space between attributes of <\(string(name))>", kind: .malformedXML) }
            // An attribute: name = "value" or 'value'.
            guard let attributeNameEnd = try scanName(p, i, count) else { return nil }
            let attributeName = UnsafeBufferPointer(start: p + i, count: attributeNameEnd - i)
            guard var j = skipWhitespace(p, attributeNameEnd, count) else { return nil }
            guard p[j] == UInt8(ascii: "=") else { throw error("attribute \(string(attributeName)) of <\(string(name))> has no value", kind: .malformedXML) }
            guard let quoteAt = skipWhitespace(p, j + 1, count) else { return nil }
            j = quoteAt
            let quote = p[j]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw error("the value of attribute \(string(attributeName)) is not quoted", kind: .malformedXML)
            }
            var k = j + 1
            var hasEntity = false
            while k < count, p[k] != quote {
                switch p[k] {
                case UInt8(ascii: "<"): throw error("\"<\" inside the value of attribute \(string(attributeName))", kind: .malformedXML)
                case UInt8(ascii: "&"): hasEntity = true
                case 0x0A: line += 1
                default: break
                }
                k += 1
            }
            guard k < count else { return nil }
            let value = XMLBytes(UnsafeBufferPointer(start: p + j + 1, count: k - j - 1), needsDecoding: hasEntity)
            if hasEntity { try checkEntities(value) }
            attributes.append(.init(name: attributeName, value: value))
            i = k + 1
        }
    }

    private mutating func scanEndTag<Handler: XMLHandler>(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ count: Int, _ handler: inout Handler
    ) throws -> Int? {
        // The common case, `</name>` closing the innermost element, needs no name scan:
        // the bytes equal a name already checked at its start tag.
        if !open.isEmpty {
            let length = open.innermostLength
            if start + 2 + length < count, p[start + 2 + length] == UInt8(ascii: ">"), open.innermostIs(p + start + 2) {
                open.pop()
                try endElement(XMLBytes(UnsafeBufferPointer(start: p + start + 2, count: length), needsDecoding: false), &handler)
                return start + 3 + length
            }
        }
        guard let nameEnd = try scanName(p, start + 2, count) else { return nil }
        guard let close = skipWhitespace(p, nameEnd, count) else { return nil }
        let name = UnsafeBufferPointer(start: p + start + 2, count: nameEnd - start - 2)
        guard p[close] == UInt8(ascii: ">") else { throw error("expected \">\" to close </\(string(name))>", kind: .malformedXML) }
        guard !open.isEmpty else {
            throw error("closing tag </\(string(name))> with no element open", kind: .malformedXML)
        }
        guard open.innermostLength == name.count && open.innermostIs(name.baseAddress!) else {
            throw error("closing tag </\(string(name))> does not match <\(open.name(open.count - 1))>", kind: .malformedXML)
        }
        open.pop()
        try endElement(XMLBytes(name, needsDecoding: false), &handler)
        return close + 1
    }

    private mutating func endElement<Handler: XMLHandler>(_ name: XMLBytes, _ handler: inout Handler) throws {
        try handler.endElement(name, text: text.bytes)
        text.reset()
    }

    // MARK: - Pieces

    /// Scans an XML name starting at `start`; returns its end, or nil if the chunk ends first.
    /// (Mutating only so that calls pass the scanner by reference: a non-mutating call
    /// from the mutating scan would copy the whole scanner every time.)
    private mutating func scanName(_ p: UnsafePointer<UInt8>, _ start: Int, _ count: Int) throws -> Int? {
        var i = start
        while i < count {
            let c = p[i]
            if c < 0x80 {
                let kind = Self.asciiNameClass(c)
                guard kind != 0 else { break }
                if i == start && kind != 2 {
                    throw error("a name cannot start with \"\(Character(Unicode.Scalar(c)))\"", kind: .malformedXML)
                }
                i += 1
            } else {
                guard let (scalar, length) = Self.decodeUTF8(p + i, count - i) else {
                    if count - i < 4 { return nil }
                    throw error("invalid UTF-8 in a name", kind: .malformedXML)
                }
                guard Self.isNameCharacter(scalar, first: i == start) else {
                    throw error("invalid character \"\(Character(Unicode.Scalar(scalar) ?? "?"))\" in a name", kind: .malformedXML)
                }
                i += length
            }
        }
        guard i < count else { return nil }
        if i == start {
            throw error("expected a name after \"<\", found \"\(Character(Unicode.Scalar(p[i])))\"", kind: .malformedXML)
        }
        return i
    }

    private mutating func skipWhitespace(_ p: UnsafePointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var i = start
        while i < count {
            switch p[i] {
            case 0x20, 0x09, 0x0D: i += 1
            case 0x0A: line += 1; i += 1
            default: return i
            }
        }
        return nil
    }

    private mutating func skip(until terminator: StaticString, _ p: UnsafePointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        let t = terminator.utf8Start
        let n = terminator.utf8CodeUnitCount
        var i = start
        while i + n <= count {
            if p[i] == t[0] && memoryEqual(p + i, t, n) { return i + n }
            if p[i] == 0x0A { line += 1 }
            i += 1
        }
        return nil
    }

    /// Checks that every "&" starts a known entity or a character reference.
    private func checkEntities(_ bytes: XMLBytes) throws {
        guard bytes.decodedString() != nil else {
            throw error("unknown or unterminated entity in \"\(String(decoding: bytes.raw.prefix(40), as: UTF8.self))\"", kind: .malformedXML)
        }
    }

    private static func matches(_ s: StaticString, _ p: UnsafePointer<UInt8>) -> Bool {
        memoryEqual(p, s.utf8Start, s.utf8CodeUnitCount)
    }

    private func error(_ message: String, kind: ActivityFileError.Kind) -> ActivityFileError {
        ActivityFileError(kind, "line \(line): \(message)")
    }

    private func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// 0: not a name character, 1: name character, 2: also a name start character.
    @inline(__always) private static func asciiNameClass(_ c: UInt8) -> UInt8 {
        switch c {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: ":"): 2
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."): 1
        default: 0
        }
    }

    /// XML 1.0 (fifth edition) NameStartChar / NameChar for non-ASCII scalars.
    private static func isNameCharacter(_ v: UInt32, first: Bool) -> Bool {
        switch v {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D,
             0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            return true
        case 0xB7, 0x300...0x36F, 0x203F...0x2040:
            return !first
        default:
            return false
        }
    }

    private static func decodeUTF8(_ p: UnsafePointer<UInt8>, _ available: Int) -> (UInt32, Int)? {
        let b0 = UInt32(p[0])
        let length = b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : b0 >= 0xC0 ? 2 : 0
        guard length > 0, available >= length else { return nil }
        var value = b0 & (0xFF >> (length + 1))
        for k in 1..<length {
            let b = UInt32(p[k])
            guard b & 0xC0 == 0x80 else { return nil }
            value = value << 6 | (b & 0x3F)
        }
        return (value, length)
    }
}

/// Whether `count` bytes at `a` and `b` are equal; compares eight bytes at a time.
@inline(__always)
func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var k = 0
    while k + 8 <= count {
        let wordA = UnsafeRawPointer(a + k).loadUnaligned(as: UInt64.self)
        let wordB = UnsafeRawPointer(b + k).loadUnaligned(as: UInt64.self)
        if wordA != wordB { return false }
        k += 8
    }
    while k < count {
        if a[k] != b[k] { return false }
        k += 1
    }
    return true
}
