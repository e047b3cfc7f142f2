import Foundation
import PacelineCore
import PacelinePNG
import PacelineTestSupport
import Testing

@Suite("Track preview as PNG")
struct TrackPreviewPNGTests {
    @Test("the PNG draws what the SVG draws, read back by Pillow: size, background, line, start marker")
    func png() throws {
        // A straight run north-east, then a bend back east: the middle of the first leg is
        // far from both markers.
        let fixes = (0...200).map { k -> Coordinate in
            let t = Double(k) / 100
            return t <= 1 ? Coordinate(latitude: 55.86 + 0.01 * t, longitude: -4.25 + 0.02 * t)
                : Coordinate(latitude: 55.87 - 0.004 * (t - 1), longitude: -4.23 + 0.01 * (t - 1))
        }
        let preview = TrackPreview()
        let points = preview.points(of: [fixes])[0]
        let start = points[0]
        // The first leg is straight: simplified to one segment, whose middle is on the line.
        let middle = (x: (start.x + points[1].x) / 2, y: (start.y + points[1].y) / 2)
        let png = preview.png(segments: [fixes])
        #expect(png.count < 40_000)
        let decoded = try PNGPeer.decode(png, pixels: [
            (0, 0), (Int(middle.x), Int(middle.y)), (Int(start.x), Int(start.y)), (1150, 30), (Int(start.x), Int(start.y) + 14),
        ])
        #expect(decoded.width == 1200 && decoded.height == 630 && decoded.mode == "RGB")
        #expect(decoded.pixels[0] == "#eef3f1", "background")
        #expect(decoded.pixels[1] == "#e4572e", "the line's centre")
        #expect(decoded.pixels[2] == "#2e9e5b", "the start marker's centre")
        #expect(decoded.pixels[3] == "#eef3f1", "far from the track")
        #expect(decoded.pixels[4] == "#ffffff", "the start marker's white ring")
    }
}
