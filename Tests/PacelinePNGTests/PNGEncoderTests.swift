import Foundation
import PacelineCore
import PacelinePNG
import PacelineSynthetic
import PacelineTestSupport
import Testing

/// Our PNGs read by independent code (`PNGPeer`: Python's zlib for CRCs and Adler-32,
/// Pillow for the image).
@Suite("PNG encoder")
struct PNGEncoderTests {
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
            let decoded = try PNGPeer.decode(PNGEncoder.encode(rgb: rgb, width: width, height: height), allBytes: true)
            #expect(decoded.width == width && decoded.height == height && decoded.mode == "RGB")
            #expect(decoded.chunks == ["IHDR", "IDAT", "IEND"])
            #expect(decoded.rgbHex == rgb.map { String(format: "%02x", $0) }.joined(), "\(width) × \(height)")
        }
    }

    @Test("a flat 1200 × 630 image is tiny")
    func flat() throws {
        let png = PNGEncoder.encode(rgb: [UInt8](repeating: 200, count: 3 * 1200 * 630), width: 1200, height: 630)
        #expect(png.count < 4_000, "zlib -9 makes 3 096 bytes of the same rows")
        let decoded = try PNGPeer.decode(png, pixels: [(0, 0), (1199, 629)])
        #expect(decoded.pixels == ["#c8c8c8", "#c8c8c8"])
    }
}
