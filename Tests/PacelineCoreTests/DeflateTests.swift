import Foundation
@testable import PacelineCore
import PacelineSynthetic
import PacelineTestSupport
import Testing

/// Our DEFLATE and zlib output checked by an independent decoder: Python's zlib, which
/// also checks the Adler-32.
@Suite("Deflate")
struct DeflateTests {
    /// Inputs that stress the edges: nothing, one byte, incompressible data (stored
    /// blocks), long runs (length-258 matches at distance 1), repeats farther than the
    /// 32 KiB window and just inside it, text, and skewed frequencies that need length
    /// limiting.
    static func awkwardInputs() -> [(name: String, bytes: [UInt8])] {
        var random = SeededRandom(seed: 1950)
        let noise = (0..<300_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        let block40k = Array(noise[0..<40_000]), block32k = Array(noise[100_000..<(100_000 + 32_768)])
        let words = ["run ", "walk ", "pace ", "route ", "5:01 /km ", "\n", "Paceline "]
        let text = (0..<20_000).map { _ in words[Int.random(in: 0..<words.count, using: &random)] }.joined()
        // Symbol k appears about fib(k) times: an unlimited Huffman code would need ~25 bits.
        var skewed: [UInt8] = []
        var a = 1, b = 1
        for symbol in 0..<26 {
            skewed += [UInt8](repeating: UInt8(symbol * 7), count: a)
            (a, b) = (b, a + b)
        }
        skewed.shuffle(using: &random)
        return [
            ("empty", []),
            ("one byte", [42]),
            ("two bytes", [0, 0]),
            ("random 300 kB", noise),
            ("zeros 1 MB", [UInt8](repeating: 0, count: 1_000_000)),
            ("runs", (0..<200_000).map { UInt8($0 / 1000 % 3) }),
            ("ab repeated", (0..<100_000).map { $0 % 2 == 0 ? 97 : 98 }),
            ("repeat beyond the window", block40k + block40k + block40k),
            ("repeat at the window's edge", block32k + block32k + Array(noise[0..<5_000])),
            ("text", Array(text.utf8)),
            ("skewed frequencies", skewed),
        ]
    }

    @Test("Python's zlib decompresses every awkward input to itself")
    func roundTripThroughPythonZlib() throws {
        let inputs = Self.awkwardInputs()
        var paths: [String] = []
        for (index, input) in inputs.enumerated() {
            paths.append(try PythonPeer.temporaryFile(named: "\(index).raw", data: Data(input.bytes)).path)
            paths.append(try PythonPeer.temporaryFile(named: "\(index).zlib", data: Data(Deflate.zlib(input.bytes))).path)
        }
        let script = """
            import json, sys, zlib
            results = []
            for raw, packed in zip(sys.argv[1::2], sys.argv[2::2]):
                original, data = open(raw, 'rb').read(), open(packed, 'rb').read()
                try:
                    results.append({"equal": zlib.decompress(data) == original, "size": len(data)})
                except zlib.error as error:
                    results.append({"equal": False, "error": str(error), "size": len(data)})
            print(json.dumps(results))
            """
        let results = try #require(try PythonPeer.runJSON(script, arguments: paths) as? [[String: Any]])
        try #require(results.count == inputs.count)
        for (input, result) in zip(inputs, results) {
            #expect(result["equal"] as? Bool == true, "\(input.name): \(result)")
        }
        let sizes = Dictionary(uniqueKeysWithValues: zip(inputs.map(\.name), results.map { $0["size"] as? Int ?? -1 }))
        #expect(sizes["empty"]! <= 8)
        #expect(sizes["zeros 1 MB"]! < 2_000, "runs cost a few bits per 258 bytes")
        #expect(sizes["random 300 kB"]! < 300_000 + 300, "incompressible data is stored, not inflated")
        #expect(sizes["repeat at the window's edge"]! < 32_768 + 5_000 + 2_000, "the second copy is one run of matches")
        #expect(sizes["text"]! < 30_000, "dynamic codes and matches on text")
    }

    @Test("Adler-32 of known strings")
    func adler32() {
        #expect(Deflate.adler32([]) == 1)
        #expect(Deflate.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
        // Long enough to need the modulo more than once.
        #expect(Deflate.adler32([UInt8](repeating: 255, count: 100_000)) == 0x149A_302C)
    }

    @Test("Huffman code lengths respect the limit and make a complete code")
    func huffmanLengths() {
        #expect(HuffmanCode.lengths([5, 1, 1, 0], limit: 15) == [1, 2, 2, 0])
        #expect(HuffmanCode.lengths([0, 3, 0], limit: 7) == [1, 1, 0], "one used symbol gets a partner")
        var fibonacci: [Int] = [1, 1]
        while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        let lengths = HuffmanCode.lengths(fibonacci, limit: 15)
        #expect(lengths.max()! <= 15)
        let kraft = lengths.reduce(0.0) { $0 + ($1 == 0 ? 0 : pow(2.0, -Double($1))) }
        #expect(kraft == 1)
    }
}
