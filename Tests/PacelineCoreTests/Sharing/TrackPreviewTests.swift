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

    @Test("a list's thumbnail: path data in its small box, a move for each stretch, the same path the SVG draws")
    func pathData() {
        let box = TrackPreview(width: 64, height: 40, margin: 3, maximumPoints: 60)
        let first = [Coordinate(latitude: 55.86, longitude: -4.25), Coordinate(latitude: 55.87, longitude: -4.24)]
        let second = [Coordinate(latitude: 55.871, longitude: -4.239), Coordinate(latitude: 55.875, longitude: -4.23)]
        let data = box.pathData(of: [first, second])
        #expect(data.hasPrefix("M") && data.filter { $0 == "M" }.count == 2 && data.filter { $0 == "L" }.count == 2)
        let numbers = data.split { "ML ".contains($0) }.compactMap { Double($0) }
        #expect(numbers.count == 8 && numbers.allSatisfy { (0...64).contains($0) })
        #expect(box.svg(segments: [first, second]).contains("d=\"\(data)\""))
        #expect(box.pathData(of: []) == "")
    }

    @Test("a hostile title is escaped; an empty track draws only the background")
    func escaping() {
        let svg = TrackPreview().svg(segments: [], title: "<script>alert('x')</script>&")
        #expect(svg.contains("&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt;&amp;"))
        #expect(!svg.contains("<script>"))
        #expect(!svg.contains("<path"))
    }
}

@Suite("Track preview as pixels")
struct TrackPreviewRasterTests {
    @Test("an empty track is the background alone")
    func empty() {
        let canvas = TrackPreview().raster(segments: [])
        #expect(canvas.width == 1200 && canvas.height == 630)
        #expect(Set(stride(from: 0, to: canvas.rgb.count, by: 3).map { canvas.rgb[$0] }) == [0xEE])
    }
}
