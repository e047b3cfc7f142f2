/// An 8-bit RGB image that strokes polylines and fills discs, anti-aliased: what
/// `TrackPreview` needs to draw its map as pixels (for PacelinePNG's `PNGEncoder`).
///
/// Coordinates are those of SVG: (0, 0) is the top left corner of the top left pixel, whose
/// centre is (0.5, 0.5). A pixel's coverage by a shape is taken from the distance of its
/// centre to the shape's edge, over one pixel: fully covered half a pixel inside, not at
/// all half a pixel outside.
///
/// ```swift
/// var canvas = RasterCanvas(width: 100, height: 50, background: RasterCanvas.Colour(0xEEF3F1))
/// canvas.stroke([[(x: 10, y: 25), (x: 90, y: 25)]], width: 7, colour: RasterCanvas.Colour(0xE4572E))
/// canvas.pixel(x: 50, y: 25)   // Colour(0xE4572E)
/// ```
public struct RasterCanvas: Sendable {
    /// An opaque colour.
    public struct Colour: Sendable, Hashable, CustomStringConvertible {
        public var red: UInt8, green: UInt8, blue: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// From 0xRRGGBB.
        public init(_ hex: UInt32) {
            self.init(red: UInt8(hex >> 16 & 0xFF), green: UInt8(hex >> 8 & 0xFF), blue: UInt8(hex & 0xFF))
        }

        /// "#rrggbb", as CSS and SVG write it.
        public var description: String {
            "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
    }

    public let width: Int
    public let height: Int
    /// The pixels' red, green and blue bytes, row by row from the top.
    public private(set) var rgb: [UInt8]
    /// A stroke's coverage per pixel while it is drawn; all zero between strokes.
    private var coverage: [Float]

    /// A `width` × `height` image filled with `background`.
    public init(width: Int, height: Int, background: Colour) {
        precondition(width > 0 && height > 0, "an image has at least one pixel")
        self.width = width
        self.height = height
        var rgb = [UInt8](repeating: 0, count: 3 * width * height)
        for index in Swift.stride(from: 0, to: rgb.count, by: 3) {
            rgb[index] = background.red
            rgb[index + 1] = background.green
            rgb[index + 2] = background.blue
        }
        self.rgb = rgb
        coverage = [Float](repeating: 0, count: width * height)
    }

    /// The colour of the pixel in column `x`, row `y`.
    public func pixel(x: Int, y: Int) -> Colour {
        let index = 3 * (y * width + x)
        return Colour(red: rgb[index], green: rgb[index + 1], blue: rgb[index + 2])
    }

    /// Strokes each polyline of `lines` with round caps and joins, `width` wide. The
    /// lines make one stroke: where segments overlap (at every join, and where the path
    /// crosses itself) a pixel takes the largest coverage of any segment, not their sum,
    /// so joins are not darker than the line, as in SVG. A line of one point draws nothing
    /// (an SVG subpath of a single "M").
    ///
    /// - Complexity: O(pixels within `width` / 2 + 1 of the segments): the drawn length
    ///   times the width, not the image's area.
    public mutating func stroke(_ lines: [[(x: Double, y: Double)]], width strokeWidth: Double, colour: Colour) {
        // The columns each row's coverage reaches, to blend and clear only those.
        var first = [Int](repeating: Int.max, count: height)
        var last = [Int](repeating: -1, count: height)
        let radius = strokeWidth / 2
        for line in lines where line.count >= 2 {
            for index in 1..<line.count {
                capsule(from: line[index - 1], to: line[index], radius: radius, first: &first, last: &last)
            }
        }
        for row in 0..<height where first[row] <= last[row] {
            for column in first[row]...last[row] {
                let index = row * width + column
                let amount = coverage[index]
                if amount > 0 {
                    blend(colour, amount: amount, at: index)
                    coverage[index] = 0
                }
            }
        }
    }

    /// Fills the disc of `radius` around `centre` with `colour`.
    /// - Complexity: O(radius²).
    public mutating func fillDisc(centre: (x: Double, y: Double), radius: Double, colour: Colour) {
        let reach = radius + 0.5
        guard let rows = rows(from: centre.y - reach, to: centre.y + reach) else { return }
        for row in rows {
            let dy = Double(row) + 0.5 - centre.y
            let halfChord = (reach * reach - dy * dy).squareRoot()
            guard halfChord.isFinite, let columns = columns(from: centre.x - halfChord, to: centre.x + halfChord) else { continue }
            for column in columns {
                let dx = Double(column) + 0.5 - centre.x
                let amount = Float(min(1, reach - (dx * dx + dy * dy).squareRoot()))
                if amount > 0 { blend(colour, amount: amount, at: row * width + column) }
            }
        }
    }

    /// Raises `coverage` to that of the capsule (segment `a`–`b` widened by `radius`)
    /// over the pixels near it, row by row: each row looks only at the columns of the part
    /// of the segment within reach of the row, widened by the reach.
    private mutating func capsule(from a: (x: Double, y: Double), to b: (x: Double, y: Double), radius: Double,
                                  first: inout [Int], last: inout [Int]) {
        let reach = radius + 0.5
        let dx = b.x - a.x, dy = b.y - a.y
        guard let rows = rows(from: min(a.y, b.y) - reach, to: max(a.y, b.y) + reach) else { return }
        for row in rows {
            let centreY = Double(row) + 0.5
            // The x extent of the segment between centreY ± reach, widened by reach.
            var low = 0.0, high = 1.0
            if dy != 0 {
                let t0 = (centreY - reach - a.y) / dy, t1 = (centreY + reach - a.y) / dy
                low = max(0, min(t0, t1))
                high = min(1, max(t0, t1))
                if low > high { continue }
            }
            let x0 = a.x + low * dx, x1 = a.x + high * dx
            guard let columns = columns(from: min(x0, x1) - reach, to: max(x0, x1) + reach) else { continue }
            for column in columns {
                let distance = Planar.projection(of: (Double(column) + 0.5, centreY), ontoSegment: a, b).distance
                let amount = Float(min(1, reach - distance))
                guard amount > 0 else { continue }
                let index = row * width + column
                if amount > coverage[index] { coverage[index] = amount }
                if column < first[row] { first[row] = column }
                if column > last[row] { last[row] = column }
            }
        }
    }

    /// The rows whose pixel centres lie within `top`…`bottom`, clipped to the image.
    private func rows(from top: Double, to bottom: Double) -> ClosedRange<Int>? {
        Self.indices(from: top, to: bottom, count: height)
    }

    /// The columns whose pixel centres lie within `left`…`right`, clipped to the image.
    private func columns(from left: Double, to right: Double) -> ClosedRange<Int>? {
        Self.indices(from: left, to: right, count: width)
    }

    private static func indices(from low: Double, to high: Double, count: Int) -> ClosedRange<Int>? {
        guard low.isFinite, high.isFinite else { return nil }
        let low = max(-1, min(Double(count) + 1, low)), high = max(-1, min(Double(count) + 1, high))
        let first = max(0, Int((low - 0.5).rounded(.up)))
        let last = min(count - 1, Int((high - 0.5).rounded(.down)))
        return first <= last ? first...last : nil
    }

    /// Puts `colour` over the pixel at `index` with opacity `amount` (0…1].
    @inline(__always)
    private mutating func blend(_ colour: Colour, amount: Float, at index: Int) {
        let base = 3 * index
        func mix(_ old: UInt8, _ new: UInt8) -> UInt8 {
            UInt8((Float(old) + (Float(new) - Float(old)) * amount).rounded())
        }
        rgb[base] = mix(rgb[base], colour.red)
        rgb[base + 1] = mix(rgb[base + 1], colour.green)
        rgb[base + 2] = mix(rgb[base + 2], colour.blue)
    }
}
