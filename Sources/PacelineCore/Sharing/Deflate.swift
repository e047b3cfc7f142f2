/// A DEFLATE compressor (RFC 1951) and its zlib wrapping (RFC 1950), in pure Swift:
/// Foundation on Linux has no public deflate, and the PNG previews need one.
///
/// LZ77 over a 32 KiB window with a hash chain on three-byte prefixes and one step of
/// lazy matching (as zlib does), then blocks of up to `symbolsPerBlock` symbols, each
/// written as whichever costs fewest bits: stored, fixed Huffman codes or dynamic
/// Huffman codes (lengths limited to 15 bits, the code-length alphabet to 7).
///
/// ```swift
/// let packed = Deflate.zlib(Array(repeating: 0, count: 100_000))
/// // 2 + a few dozen + 4 bytes; Python's zlib.decompress gives the 100 000 zeros back
/// ```
/// - Complexity: O(n × `maximumChain`) in the worst case, O(n) on typical data.
public enum Deflate {
    /// How many earlier positions with the same three-byte hash a match search looks at.
    public static let maximumChain = 64
    /// Symbols (literals and length/distance pairs) per block, so each block's codes
    /// fit the data it codes.
    static let symbolsPerBlock = 1 << 15

    /// `bytes` as a zlib stream: header (deflate, 32 KiB window), DEFLATE data, Adler-32.
    public static func zlib(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [0x78, 0x9C]  // CM 8, CINFO 7; FLEVEL 2; FCHECK makes 0x789C % 31 == 0
        output += deflate(bytes)
        let adler = adler32(bytes)
        output += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        return output
    }

    /// `bytes` as raw DEFLATE data (no zlib header or checksum).
    public static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        var symbols: [Symbol] = []
        symbols.reserveCapacity(symbolsPerBlock)
        var blockStart = 0
        bytes.withUnsafeBufferPointer { input in
            var matcher = Matcher(count: input.count)
            var position = 0
            // The match found at `position`, to be taken unless the next one is longer.
            var pending: (length: Int, distance: Int)?
            while position < input.count {
                let match = pending ?? matcher.longestMatch(in: input, at: position)
                pending = nil
                matcher.insert(input, at: position)
                if match.length >= 3, position + 1 < input.count, match.length < 32 {
                    let next = matcher.longestMatch(in: input, at: position + 1)
                    if next.length > match.length {
                        symbols.append(Symbol(literal: input[position]))
                        position += 1
                        pending = next
                        if symbols.count >= symbolsPerBlock {
                            writeBlock(symbols, input: input, from: blockStart, to: position, final: false, into: &writer)
                            symbols.removeAll(keepingCapacity: true)
                            blockStart = position
                        }
                        continue
                    }
                }
                if match.length >= 3 {
                    symbols.append(Symbol(length: match.length, distance: match.distance))
                    for offset in 1..<match.length { matcher.insert(input, at: position + offset) }
                    position += match.length
                } else {
                    symbols.append(Symbol(literal: input[position]))
                    position += 1
                }
                if symbols.count >= symbolsPerBlock {
                    writeBlock(symbols, input: input, from: blockStart, to: position, final: false, into: &writer)
                    symbols.removeAll(keepingCapacity: true)
                    blockStart = position
                }
            }
            // The last block, empty when the input ended on a block boundary (or was empty).
            writeBlock(symbols, input: input, from: blockStart, to: input.count, final: true, into: &writer)
        }
        return writer.bytes()
    }

    /// Adler-32 (RFC 1950) of `bytes`.
    public static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        var index = 0
        while index < bytes.count {
            // 5552 is the most bytes before b can overflow 32 bits.
            let end = min(index + 5552, bytes.count)
            while index < end {
                a &+= UInt32(bytes[index])
                b &+= a
                index += 1
            }
            a %= 65521
            b %= 65521
        }
        return b << 16 | a
    }

    // MARK: - Symbols

    /// A literal byte (`distance` 0) or a back reference.
    struct Symbol {
        var length: UInt16
        var distance: UInt16

        init(literal: UInt8) { length = UInt16(literal); distance = 0 }
        init(length: Int, distance: Int) { self.length = UInt16(length); self.distance = UInt16(distance) }

        var isLiteral: Bool { distance == 0 }
    }

    // Length codes 257…285 and distance codes 0…29 (RFC 1951 § 3.2.5).
    static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    /// The order code-length code lengths are sent in.
    static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The length code (0-based from 257) of each match length 3…258.
    static let lengthCode: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 259)
        for code in 0..<29 {
            let end = code == 28 ? 259 : lengthBase[code + 1]
            for length in lengthBase[code]..<end where length <= 258 { table[length] = UInt8(code) }
        }
        table[258] = 28
        return table
    }()

    static func distanceCode(_ distance: Int) -> Int {
        // Codes come in pairs per power of two above 4.
        if distance <= 4 { return distance - 1 }
        let bits = Int.bitWidth - (distance - 1).leadingZeroBitCount  // 3…15
        let half = (distance - 1) >> (bits - 2) & 1
        return 2 * (bits - 1) + half
    }

    // MARK: - Blocks

    private static func writeBlock(_ symbols: [Symbol], input: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
                                   final: Bool, into writer: inout BitWriter) {
        var literalCounts = [Int](repeating: 0, count: 286)
        var distanceCounts = [Int](repeating: 0, count: 30)
        for symbol in symbols {
            if symbol.isLiteral {
                literalCounts[Int(symbol.length)] += 1
            } else {
                literalCounts[257 + Int(lengthCode[Int(symbol.length)])] += 1
                distanceCounts[distanceCode(Int(symbol.distance))] += 1
            }
        }
        literalCounts[256] = 1

        let dynamic = DynamicHeader(literalCounts: literalCounts, distanceCounts: distanceCounts)
        let extraBits = (0..<29).reduce(0) { $0 + literalCounts[257 + $1] * lengthExtra[$1] }
            + (0..<30).reduce(0) { $0 + distanceCounts[$1] * distanceExtra[$1] }
        let fixedBits = 3 + extraBits + (0..<286).reduce(0) { $0 + literalCounts[$1] * Int(fixedLiteralLengths[$1]) }
            + distanceCounts.reduce(0, +) * 5
        let dynamicBits = 3 + dynamic.headerBits + extraBits
            + (0..<286).reduce(0) { $0 + literalCounts[$1] * Int(dynamic.literalLengths[$1]) }
            + (0..<30).reduce(0) { $0 + distanceCounts[$1] * Int(dynamic.distanceLengths[$1]) }
        // A stored block: up to 7 bits to reach a byte, then 4 bytes of length per 64 KiB piece.
        let storedCount = end - start
        let storedBits = 7 + max(1, (storedCount + 65534) / 65535) * (3 + 32) + 8 * storedCount

        if storedBits < min(fixedBits, dynamicBits) {
            var offset = start
            repeat {
                let piece = min(65535, end - offset)
                let last = final && offset + piece == end
                writer.write(last ? 1 : 0, bits: 1)
                writer.write(0, bits: 2)
                writer.alignToByte()
                writer.write(UInt32(piece), bits: 16)
                writer.write(UInt32(~piece & 0xFFFF), bits: 16)
                for index in offset..<(offset + piece) { writer.write(UInt32(input[index]), bits: 8) }
                offset += piece
            } while offset < end
        } else if fixedBits <= dynamicBits {
            writer.write(final ? 1 : 0, bits: 1)
            writer.write(1, bits: 2)
            writeSymbols(symbols, literals: fixedLiteralCodes, distances: fixedDistanceCodes, into: &writer)
        } else {
            writer.write(final ? 1 : 0, bits: 1)
            writer.write(2, bits: 2)
            dynamic.write(into: &writer)
            writeSymbols(symbols, literals: HuffmanCode.canonicalCodes(dynamic.literalLengths),
                         distances: HuffmanCode.canonicalCodes(dynamic.distanceLengths), into: &writer)
        }
    }

    private static func writeSymbols(_ symbols: [Symbol], literals: [HuffmanCode.Code], distances: [HuffmanCode.Code],
                                     into writer: inout BitWriter) {
        for symbol in symbols {
            if symbol.isLiteral {
                writer.write(literals[Int(symbol.length)])
            } else {
                let length = Int(symbol.length), code = Int(lengthCode[length])
                writer.write(literals[257 + code])
                writer.write(UInt32(length - lengthBase[code]), bits: lengthExtra[code])
                let distance = Int(symbol.distance), dcode = distanceCode(distance)
                writer.write(distances[dcode])
                writer.write(UInt32(distance - distanceBase[dcode]), bits: distanceExtra[dcode])
            }
        }
        writer.write(literals[256])
    }

    static let fixedLiteralLengths: [UInt8] = (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 }
    static let fixedLiteralCodes = HuffmanCode.canonicalCodes(fixedLiteralLengths)
    static let fixedDistanceCodes = HuffmanCode.canonicalCodes([UInt8](repeating: 5, count: 30))

    /// The code lengths of a dynamic block and how they are sent (RFC 1951 § 3.2.7).
    private struct DynamicHeader {
        var literalLengths: [UInt8]
        var distanceLengths: [UInt8]
        /// The run-length coded lengths: code-length symbol 0…18 and its extra value.
        var runs: [(symbol: Int, extra: Int)] = []
        var codeLengthLengths: [UInt8] = []
        var literalCount: Int
        var distanceCount: Int
        var codeLengthCount = 19
        var headerBits = 0

        init(literalCounts: [Int], distanceCounts: [Int]) {
            literalLengths = HuffmanCode.lengths(literalCounts, limit: 15)
            distanceLengths = HuffmanCode.lengths(distanceCounts, limit: 15)
            literalCount = max(257, (literalLengths.lastIndex { $0 > 0 } ?? 0) + 1)
            distanceCount = max(1, (distanceLengths.lastIndex { $0 > 0 } ?? 0) + 1)
            let all = Array(literalLengths[..<literalCount]) + Array(distanceLengths[..<distanceCount])
            runs = Self.runLengths(all)
            var counts = [Int](repeating: 0, count: 19)
            for run in runs { counts[run.symbol] += 1 }
            codeLengthLengths = HuffmanCode.lengths(counts, limit: 7)
            while codeLengthCount > 4, codeLengthLengths[Deflate.codeLengthOrder[codeLengthCount - 1]] == 0 { codeLengthCount -= 1 }
            headerBits = 5 + 5 + 4 + 3 * codeLengthCount
            for run in runs {
                headerBits += Int(codeLengthLengths[run.symbol]) + [16: 2, 17: 3, 18: 7][run.symbol, default: 0]
            }
        }

        /// Lengths as code-length symbols: 16 repeats the previous 3–6 times, 17 and 18
        /// give 3–10 and 11–138 zeros.
        static func runLengths(_ lengths: [UInt8]) -> [(symbol: Int, extra: Int)] {
            var runs: [(symbol: Int, extra: Int)] = []
            var index = 0
            while index < lengths.count {
                let value = lengths[index]
                var end = index + 1
                while end < lengths.count, lengths[end] == value { end += 1 }
                var remaining = end - index
                if value == 0 {
                    while remaining >= 11 { let n = min(138, remaining); runs.append((18, n - 11)); remaining -= n }
                    if remaining >= 3 { runs.append((17, remaining - 3)); remaining = 0 }
                    while remaining > 0 { runs.append((0, 0)); remaining -= 1 }
                } else {
                    runs.append((Int(value), 0))
                    remaining -= 1
                    while remaining >= 3 { let n = min(6, remaining); runs.append((16, n - 3)); remaining -= n }
                    while remaining > 0 { runs.append((Int(value), 0)); remaining -= 1 }
                }
                index = end
            }
            return runs
        }

        func write(into writer: inout BitWriter) {
            writer.write(UInt32(literalCount - 257), bits: 5)
            writer.write(UInt32(distanceCount - 1), bits: 5)
            writer.write(UInt32(codeLengthCount - 4), bits: 4)
            for index in 0..<codeLengthCount {
                writer.write(UInt32(codeLengthLengths[Deflate.codeLengthOrder[index]]), bits: 3)
            }
            let codes = HuffmanCode.canonicalCodes(codeLengthLengths)
            for run in runs {
                writer.write(codes[run.symbol])
                switch run.symbol {
                case 16: writer.write(UInt32(run.extra), bits: 2)
                case 17: writer.write(UInt32(run.extra), bits: 3)
                case 18: writer.write(UInt32(run.extra), bits: 7)
                default: break
                }
            }
        }
    }

    // MARK: - Matching

    /// The hash chains of the LZ77 window: `head` has the latest position of each hash,
    /// `previous` (indexed modulo the window) the one before it with the same hash.
    private struct Matcher {
        static let window = 1 << 15
        static let hashBits = 15
        var head: [Int32]
        var previous: [Int32]
        let count: Int

        init(count: Int) {
            self.count = count
            head = [Int32](repeating: -1, count: 1 << Self.hashBits)
            previous = [Int32](repeating: -1, count: Self.window)
        }

        @inline(__always)
        static func hash(_ input: UnsafeBufferPointer<UInt8>, _ position: Int) -> Int {
            let value = UInt32(input[position]) << 16 | UInt32(input[position + 1]) << 8 | UInt32(input[position + 2])
            return Int((value &* 2_654_435_761) >> (32 - UInt32(hashBits)))
        }

        mutating func insert(_ input: UnsafeBufferPointer<UInt8>, at position: Int) {
            guard position + 2 < count else { return }
            let hash = Self.hash(input, position)
            previous[position & (Self.window - 1)] = head[hash]
            head[hash] = Int32(position)
        }

        /// The longest earlier match (3…258 bytes, within the window) of the bytes at
        /// `position`; length 0 when there is none.
        func longestMatch(in input: UnsafeBufferPointer<UInt8>, at position: Int) -> (length: Int, distance: Int) {
            guard position + 2 < count else { return (0, 0) }
            let limit = min(258, count - position)
            var best = 0, bestDistance = 0
            var candidate = Int(head[Self.hash(input, position)])
            var chain = Deflate.maximumChain
            while candidate >= 0, chain > 0 {
                let distance = position - candidate
                // DEFLATE reaches back 32 768 bytes; that position's slot is the current
                // one, not yet overwritten (a position is inserted after its search).
                if distance > Self.window || distance <= 0 { break }
                // Only a candidate that could beat the best is compared byte by byte.
                if input[candidate + best] == input[position + best] {
                    var length = 0
                    while length < limit, input[candidate + length] == input[position + length] { length += 1 }
                    if length > best {
                        best = length
                        bestDistance = distance
                        if length == limit { break }
                    }
                }
                let next = Int(previous[candidate & (Self.window - 1)])
                if next >= candidate { break }  // the slot was reused by a newer position
                candidate = next
                chain -= 1
            }
            return best >= 3 ? (best, bestDistance) : (0, 0)
        }
    }
}

/// Bits packed least significant first, as DEFLATE wants them.
struct BitWriter {
    private var output: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    /// Writes the low `bits` bits of `value`, least significant first.
    @inline(__always)
    mutating func write(_ value: UInt32, bits: Int) {
        guard bits > 0 else { return }
        buffer |= UInt64(value & UInt32(truncatingIfNeeded: (1 << bits) - 1)) << UInt64(count)
        count += bits
        while count >= 8 {
            output.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
        }
    }

    /// Writes a Huffman code, whose bits are stored already reversed.
    @inline(__always)
    mutating func write(_ code: HuffmanCode.Code) { write(UInt32(code.bits), bits: Int(code.length)) }

    mutating func alignToByte() {
        if count > 0 { write(0, bits: 8 - count) }
    }

    mutating func bytes() -> [UInt8] {
        alignToByte()
        return output
    }
}
