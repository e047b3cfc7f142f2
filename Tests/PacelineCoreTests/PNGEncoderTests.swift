import Foundation
import PacelineCore
import PacelineTestSupport
import Testing

/// Our PNGs read by independent code: Python walks the chunks checking each CRC-32 with
/// `zlib.crc32`, inflates the IDAT data with `zlib` (which checks the Adler-32), and
/// Pillow decodes the image.
@Suite("PNG encoder")
struct PNGEncoderTests {
    struct Decoded {
        var width: Int
        var height: Int
        var mode: String
        var chunks: [String]
        /// "#rrggbb" of each pixel asked for, in order.
        var pixels: [String]
        /// Every pixel's bytes as hex, when asked for.
        var rgbHex: String?
    }

    static let decoder = """
        import json, struct, sys, zlib
        from PIL import Image
        data = open(sys.argv[1], 'rb').read()
        assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'not a PNG signature'
        chunks, idat, offset = [], b'', 8
        while offset < len(data):
            length, kind = struct.unpack('>I4s', data[offset:offset + 8])
            body = data[offset + 8:offset + 8 + length]
            crc = struct.unpack('>I', data[offset + 8 + length:offset + 12 + length])[0]
            assert zlib.crc32(kind + body) == crc, 'bad CRC in ' + kind.decode()
            chunks.append(kind.decode())
            if kind == b'IDAT': idat += body
            offset += 12 + length
        zlib.decompress(idat)  # raises on a bad stream or Adler-32
        image = Image.open(sys.argv[1])
        image.load()
        pixels = [json.loads(p) for p in sys.argv[3:]]
        out = {"width": image.width, "height": image.height, "mode": image.mode, "chunks": chunks,
               "pixels": ['#%02x%02x%02x' % image.getpixel((x, y)) for x, y in pixels]}
        if sys.argv[2] == 'all': out["rgb"] = image.tobytes().hex()
        print(json.dumps(out))
        """

    /// Decodes `png` with Python and Pillow; `pixels` are (column, row).
    static func decode(_ png: Data, pixels: [(Int, Int)] = [], allBytes: Bool = false) throws -> Decoded {
        let url = try PythonPeer.temporaryFile(named: "image.png", data: png)
        let arguments = [url.path, allBytes ? "all" : "some"] + pixels.map { "[\($0.0), \($0.1)]" }
        let json = try #require(try PythonPeer.runJSON(decoder, arguments: arguments, requiring: [.pillow]) as? [String: Any])
        return Decoded(width: json["width"] as? Int ?? -1, height: json["height"] as? Int ?? -1, mode: json["mode"] as? String ?? "",
                       chunks: json["chunks"] as? [String] ?? [], pixels: json["pixels"] as? [String] ?? [],
                       rgbHex: json["rgb"] as? String)
    }

    @Test("every filter's rows come back exact: gradients, noise, flat areas, odd sizes")
    func roundTrip() throws {
        var random = SeededRandom(seed: 2083)
        for (width, height) in [(1, 1), (37, 23), (5, 200)] {
            var rgb: [UInt8] = []
            for y in 0..<height {
                for x in 0..<width {
                    switch (y / 4) % 4 {
                    case 0: rgb += [UInt8(x * 7 % 256), UInt8(y * 5 % 256), UInt8((x + y) % 256)]  // gradients: Sub, Up, Paeth
                    case 1: rgb += (0..<3).map { _ in UInt8.random(in: 0...255, using: &random) }  // noise: None
                    case 2: rgb += [238, 243, 241]  // flat
                    default: rgb += [UInt8(x % 2 * 255), UInt8(y % 3 * 100), 7]
                    }
                }
            }
            let decoded = try Self.decode(PNGEncoder.encode(rgb: rgb, width: width, height: height), allBytes: true)
            #expect(decoded.width == width && decoded.height == height && decoded.mode == "RGB")
            #expect(decoded.chunks == ["IHDR", "IDAT", "IEND"])
            #expect(decoded.rgbHex == rgb.map { String(format: "%02x", $0) }.joined(), "\(width) × \(height)")
        }
    }

    @Test("a flat 1200 × 630 image is tiny")
    func flat() throws {
        let png = PNGEncoder.encode(rgb: [UInt8](repeating: 200, count: 3 * 1200 * 630), width: 1200, height: 630)
        #expect(png.count < 4_000, "zlib -9 makes 3 096 bytes of the same rows")
        let decoded = try Self.decode(png, pixels: [(0, 0), (1199, 629)])
        #expect(decoded.pixels == ["#c8c8c8", "#c8c8c8"])
    }
}
