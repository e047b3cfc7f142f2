import Foundation
import PacelineCore
import PacelineTestSupport
import Testing

@Suite("Track preview")
struct TrackPreviewTests {
    @Test("Douglas–Peucker drops points within the tolerance and keeps a corner")
    func douglasPeucker() {
        let line: [(x: Double, y: Double)] = [(0, 0), (1, 0.1), (2, 0), (3, 5), (4, 0)]
        #expect(DouglasPeucker.keptIndices(line, tolerance: 0.5) == [0, 2, 3, 4])
        #expect(DouglasPeucker.keptIndices(line, tolerance: 10) == [0, 4])
        #expect(DouglasPeucker.keptIndices(line, tolerance: 0.5, maximumCount: 3) == [0, 3, 4])
    }

    @Test("a 10 000-fix run becomes a small SVG fitted to the view box, with start and finish")
    func bounded() {
        // A wiggly 10 000-point loop around Glasgow.
        let fixes = (0..<10_000).map { k -> Coordinate in
            let angle = Double(k) / 10_000 * 2 * .pi
            let wiggle = 0.0003 * sin(Double(k) * 0.7)
            return Coordinate(latitude: 55.86 + 0.01 * sin(angle) + wiggle, longitude: -4.25 + 0.02 * cos(angle))
        }
        let preview = TrackPreview()
        let points = preview.points(of: [fixes])
        let count = points.reduce(0) { $0 + $1.count }
        #expect(count <= preview.maximumPoints)
        #expect(count > preview.maximumPoints * 9 / 10)  // the budget is used, not thrown away
        let xs = points[0].map(\.x), ys = points[0].map(\.y)
        #expect(xs.min()! >= preview.margin - 0.01 && xs.max()! <= preview.width - preview.margin + 0.01)
        #expect(ys.min()! >= preview.margin - 0.01 && ys.max()! <= preview.height - preview.margin + 0.01)
        let svg = preview.svg(segments: [fixes], title: "Loop")
        #expect(svg.utf8.count < 16_000)
        #expect(svg.contains("class=\"start\"") && svg.contains("class=\"finish\""))
        #expect(svg.hasPrefix("<svg ") && svg.hasSuffix("</svg>"))
    }

    @Test("north is up: a run going north ends above its start")
    func orientation() {
        let points = TrackPreview().points(of: [[Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0.01, longitude: 0.001)]])
        #expect(points[0][1].y < points[0][0].y)
        #expect(points[0][1].x > points[0][0].x)
    }

    @Test("a hostile title is escaped; an empty track draws only the background")
    func escaping() {
        let svg = TrackPreview().svg(segments: [], title: "<script>alert('x')</script>&")
        #expect(svg.contains("&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt;&amp;"))
        #expect(!svg.contains("<script>"))
        #expect(!svg.contains("<path"))
    }
}

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

    @Test("an empty track is the background alone")
    func empty() {
        let canvas = TrackPreview().raster(segments: [])
        #expect(canvas.width == 1200 && canvas.height == 630)
        #expect(Set(stride(from: 0, to: canvas.rgb.count, by: 3).map { canvas.rgb[$0] }) == [0xEE])
    }
}
