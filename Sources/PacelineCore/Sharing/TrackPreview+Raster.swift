import Foundation

extension TrackPreview {
    /// The preview as pixels: what `svg(segments:title:)` draws, from the same points
    /// (`points(of:)`), in the same colours and widths, anti-aliased; `width` × `height`
    /// pixels (rounded).
    ///
    /// ```swift
    /// let canvas = TrackPreview().raster(segments: [[start, middle, finish]])
    /// canvas.pixel(x: 0, y: 0)   // #eef3f1, the background
    /// ```
    /// - Complexity: that of `points(of:)`, then O(width × height) to fill the background
    ///   and O(drawn length × line width) to draw.
    public func raster(segments: [[Coordinate]]) -> RasterCanvas {
        var canvas = RasterCanvas(width: max(1, Int(width.rounded())), height: max(1, Int(height.rounded())),
                                  background: Self.background)
        let lines = points(of: segments)
        canvas.stroke(lines, width: Self.casingWidth, colour: Self.casing)
        canvas.stroke(lines, width: Self.lineWidth, colour: Self.line)
        if lines.contains(where: { !$0.isEmpty }), let start = lines.first?.first, let finish = lines.last?.last {
            // The start over the finish, as in the SVG: a loop shows where it begins.
            for (point, fill) in [(finish, Self.finish), (start, Self.start)] {
                canvas.fillDisc(centre: point, radius: Self.markerRadius + Self.markerStrokeWidth / 2, colour: Self.casing)
                canvas.fillDisc(centre: point, radius: Self.markerRadius - Self.markerStrokeWidth / 2, colour: fill)
            }
        }
        return canvas
    }
}
