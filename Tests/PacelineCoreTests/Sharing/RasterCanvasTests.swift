import Foundation
import PacelineCore
import Testing

@Suite("Raster canvas")
struct RasterCanvasTests {
    static let background = RasterCanvas.Colour(0xEEF3F1)
    static let red = RasterCanvas.Colour(0xE4572E)

    @Test("a stroke is solid on its centre, blended at its edge, untouched beyond")
    func stroke() {
        var canvas = RasterCanvas(width: 100, height: 50, background: Self.background)
        canvas.stroke([[(x: 10, y: 25), (x: 90, y: 25)]], width: 7, colour: Self.red)
        #expect(canvas.pixel(x: 50, y: 24) == Self.red)
        #expect(canvas.pixel(x: 50, y: 22) == Self.red, "centre 2.5 from the line, inside 3.5")
        let edge = canvas.pixel(x: 50, y: 28)  // centre 3.5 from the line: half covered
        #expect(edge != Self.red && edge != Self.background)
        #expect(canvas.pixel(x: 50, y: 30) == Self.background)
        #expect(canvas.pixel(x: 95, y: 25) == Self.background, "the round cap ends 3.5 past the end")
        #expect(canvas.pixel(x: 91, y: 24) == Self.red, "round cap")
        #expect(Self.background.description == "#eef3f1")
    }

    @Test("joins do not darken: a line cut into many segments draws as the same line uncut")
    func joins() {
        let colour = RasterCanvas.Colour(0x204080)
        var whole = RasterCanvas(width: 120, height: 60, background: Self.background)
        whole.stroke([[(x: 10.3, y: 12.7), (x: 110.1, y: 47.2)]], width: 7, colour: colour)
        var pieces = RasterCanvas(width: 120, height: 60, background: Self.background)
        let cut = (0...40).map { k -> (x: Double, y: Double) in
            let t = Double(k) / 40
            return (x: 10.3 + t * 99.8, y: 12.7 + t * 34.5)
        }
        pieces.stroke([cut], width: 7, colour: colour)
        var differences = 0
        for y in 0..<60 {
            for x in 0..<120 where whole.pixel(x: x, y: y) != pieces.pixel(x: x, y: y) {
                let a = whole.pixel(x: x, y: y), b = pieces.pixel(x: x, y: y)
                // Rounding of the distance may move a channel by one, never more.
                let most = max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
                #expect(most <= 1, "(\(x), \(y)): \(a) against \(b)")
                differences += 1
            }
        }
        #expect(differences < 20)
    }

    @Test("a disc is solid inside, blended at its rim; parts off the image are clipped")
    func disc() {
        var canvas = RasterCanvas(width: 40, height: 40, background: Self.background)
        canvas.fillDisc(centre: (x: 20, y: 20), radius: 10.5, colour: Self.red)
        canvas.fillDisc(centre: (x: -3, y: 39), radius: 8, colour: RasterCanvas.Colour(0x000000))
        #expect(canvas.pixel(x: 20, y: 20) == Self.red && canvas.pixel(x: 29, y: 20) == Self.red)
        #expect(canvas.pixel(x: 30, y: 20) != Self.red && canvas.pixel(x: 30, y: 20) != Self.background)
        #expect(canvas.pixel(x: 31, y: 20) == Self.background)
        #expect(canvas.pixel(x: 0, y: 39) == RasterCanvas.Colour(0x000000))
    }

    @Test("drawing costs the drawn length, not the area: a 100 000-pixel-wide canvas draws a short line quickly")
    func costFollowsLength() {
        var canvas = RasterCanvas(width: 100_000, height: 20, background: RasterCanvas.Colour(0xEEF3F1))
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for _ in 0..<200 { canvas.stroke([[(x: 10, y: 10), (x: 30, y: 10)]], width: 14, colour: RasterCanvas.Colour(0xFFFFFF)) }
        }
        // 200 strokes over the whole 2 000 000-pixel canvas would take seconds in debug.
        #expect(elapsed < .seconds(1))
        #expect(canvas.pixel(x: 20, y: 10) == RasterCanvas.Colour(0xFFFFFF))
    }
}
