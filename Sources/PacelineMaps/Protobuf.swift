/// Protocol Buffers' wire format read off bytes, as an `.osm.pbf` holds its blocks: fields
/// one after another, each a key (number and wire type) and a value. Only what the OSM
/// format uses: varints (also zigzag-signed), length-delimited bytes and packed varints.
/// Every read checks it stays inside the message, so damaged bytes throw, never crash.
struct ProtobufMessage {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position: Int
    private let end: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>? = nil) {
        self.bytes = bytes
        self.position = range?.lowerBound ?? 0
        self.end = range?.upperBound ?? bytes.count
    }

    /// The next field's number and wire type, nil at the end.
    mutating func nextField() throws(ExtractProblem) -> (number: Int, wireType: Int)? {
        guard position < end else { return nil }
        let key = try varint()
        return (Int(key >> 3), Int(key & 7))
    }

    mutating func varint() throws(ExtractProblem) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end, shift < 64 else { throw .corrupt("a number runs past its block") }
            let byte = bytes[position]
            position += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }

    /// A zigzag-encoded signed varint (`sint64`).
    mutating func signedVarint() throws(ExtractProblem) -> Int64 {
        let raw = try varint()
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    /// The byte range of a length-delimited value.
    mutating func lengthDelimited() throws(ExtractProblem) -> Range<Int> {
        let length = try varint()
        guard length <= UInt64(end - position) else { throw .corrupt("a field runs past its block") }
        let range = position..<position + Int(length)
        position = range.upperBound
        return range
    }

    /// Steps over a value of `wireType`.
    mutating func skip(_ wireType: Int) throws(ExtractProblem) {
        switch wireType {
        case 0: _ = try varint()
        case 1: try advance(8)
        case 2: _ = try lengthDelimited()
        case 5: try advance(4)
        default: throw .corrupt("a field of wire type \(wireType)")
        }
    }

    private mutating func advance(_ count: Int) throws(ExtractProblem) {
        guard end - position >= count else { throw .corrupt("a field runs past its block") }
        position += count
    }

    /// A message within this one, over `range`.
    func message(_ range: Range<Int>) -> ProtobufMessage { ProtobufMessage(bytes, range: range) }

    /// The bytes of `range`.
    func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[range]) }

    /// Calls `body` with each varint packed in `range`.
    func forEachPacked(_ range: Range<Int>, _ body: (UInt64) throws(ExtractProblem) -> Void) throws(ExtractProblem) {
        var packed = message(range)
        while packed.position < packed.end { try body(try packed.varint()) }
    }

    /// Calls `body` with each zigzag-signed varint packed in `range`.
    func forEachPackedSigned(_ range: Range<Int>, _ body: (Int64) throws(ExtractProblem) -> Void) throws(ExtractProblem) {
        var packed = message(range)
        while packed.position < packed.end { try body(try packed.signedVarint()) }
    }
}
