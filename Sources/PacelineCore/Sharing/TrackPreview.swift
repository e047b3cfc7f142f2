import Foundation

/// A map preview of a track as SVG, with no map tiles: the path in Web-Mercator, fitted
/// to the view box, simplified to a bounded number of points, with start and finish marks.
///
/// Small whatever the track: a 10 000-fix run becomes at most `maximumPoints` points
/// (Douglas–Peucker at half a unit of the view box, keeping the points that stand out
/// most when more than that remain), so the SVG stays a few kilobytes.
///
/// ```swift
/// let svg = TrackPreview().svg(segments: [[start, middle, finish]], title: "Morning run")
/// // "<svg xmlns=… viewBox=\"0 0 1200 630\"…><path d=\"M40.0 315.0L…\"/>…</svg>"
/// ```
public struct TrackPreview: Sendable {
    /// The view box's size: 1200 × 630 is the size link cards (Open Graph) use.
    public var width: Double
    public var height: Double
    /// Room kept free around the path, in view-box units.
    public var margin: Double
    /// The most points the drawn path has, over all segments.
    public var maximumPoints: Int

    public init(width: Double = 1200, height: Double = 630, margin: Double = 60, maximumPoints: Int = 500) {
        self.width = width
        self.height = height
        self.margin = margin
        self.maximumPoints = maximumPoints
    }

    /// The segments' points in view-box units, simplified.
    /// - Complexity: O(n log n) typically (Douglas–Peucker) and one sort of the kept points.
    public func points(of segments: [[Coordinate]]) -> [[(x: Double, y: Double)]] {
        let projected = segments.map { $0.filter(\.isValid).map(WebMercatorGrid.fraction(of:)) }.filter { !$0.isEmpty }
        let all = projected.joined()
        guard let minX = all.map(\.x).min(), let maxX = all.map(\.x).max(),
              let minY = all.map(\.y).min(), let maxY = all.map(\.y).max() else { return [] }
        let spanX = maxX - minX, spanY = maxY - minY
        let scaleX = spanX > 0 ? (width - 2 * margin) / spanX : .infinity
        let scaleY = spanY > 0 ? (height - 2 * margin) / spanY : .infinity
        let scale = min(scaleX, scaleY).isFinite ? min(scaleX, scaleY) : 1
        let offsetX = (width - spanX * scale) / 2, offsetY = (height - spanY * scale) / 2
        let view = projected.map { segment in
            segment.map { (x: offsetX + ($0.x - minX) * scale, y: offsetY + ($0.y - minY) * scale) }
        }
        // Each segment gets a share of the point budget by its number of fixes.
        let total = max(1, view.reduce(0) { $0 + $1.count })
        return view.map { segment in
            let budget = max(2, maximumPoints * segment.count / total)
            return DouglasPeucker.keptIndices(segment, tolerance: 0.5, maximumCount: budget).map { segment[$0] }
        }
    }

    /// `segments` as an SVG path's data ("M10.0 20.0L…", one move a segment) in the view
    /// box: what a list draws small, in an `<svg>` of its own. Empty without a point.
    ///
    /// ```swift
    /// TrackPreview(width: 64, height: 40, margin: 4, maximumPoints: 60).pathData(of: [[start, finish]])
    /// // "M4.0 36.0L60.0 4.0"
    /// ```
    public func pathData(of segments: [[Coordinate]]) -> String {
        Self.pathData(points(of: segments))
    }

    private static func pathData(_ lines: [[(x: Double, y: Double)]]) -> String {
        var path = ""
        for line in lines {
            for (index, point) in line.enumerated() {
                path += (index == 0 ? "M" : "L") + number(point.x) + " " + number(point.y)
            }
        }
        return path
    }

    /// The SVG document of `segments`; `title` (escaped) names it for screen readers.
    public func svg(segments: [[Coordinate]], title: String? = nil) -> String {
        let lines = points(of: segments)
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\""
        svg += " width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" role=\"img\">"
        if let title { svg += "<title>\(MarkupText.escaped(title))</title>" }
        svg += "<rect width=\"100%\" height=\"100%\" fill=\"\(Self.background)\"/>"
        if !lines.isEmpty {
            let path = Self.pathData(lines)
            for (colour, width) in [(Self.casing, Self.casingWidth), (Self.line, Self.lineWidth)] {
                svg += "<path d=\"\(path)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"\(Int(width))\""
                svg += " stroke-linecap=\"round\" stroke-linejoin=\"round\"/>"
            }
            if let start = lines.first?.first, let finish = lines.last?.last {
                svg += Self.marker(finish, fill: Self.finish, label: "finish")
                svg += Self.marker(start, fill: Self.start, label: "start")
            }
        }
        return svg + "</svg>"
    }

    private static func marker(_ point: (x: Double, y: Double), fill: RasterCanvas.Colour, label: String) -> String {
        "<circle class=\"\(label)\" cx=\"\(number(point.x))\" cy=\"\(number(point.y))\" r=\"\(Int(markerRadius))\" fill=\"\(fill)\""
            + " stroke=\"\(casing)\" stroke-width=\"\(Int(markerStrokeWidth))\"/>"
    }

    // The look, shared by the SVG and the PNG (`TrackPreview+PNG.swift`).
    static let background = RasterCanvas.Colour(0xEEF3F1)
    /// The white band under the line that keeps it readable where it crosses itself.
    static let casing = RasterCanvas.Colour(0xFFFFFF)
    static let casingWidth = 14.0
    static let line = RasterCanvas.Colour(0xE4572E)
    static let lineWidth = 7.0
    static let start = RasterCanvas.Colour(0x2E9E5B)
    static let finish = RasterCanvas.Colour(0x1D1D1F)
    /// Markers are circles filled with their colour, stroked with the casing colour.
    static let markerRadius = 13.0
    static let markerStrokeWidth = 5.0

    /// One decimal: a tenth of a view-box unit is finer than any screen shows.
    private static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}
