import Foundation
import PacelineCore

extension TrackPreview {
    /// The preview as a PNG (8-bit RGB), for link cards: Facebook, X, LinkedIn, Slack and
    /// iMessage show no SVG. A 1200 × 630 preview of a run is a few tens of kilobytes.
    ///
    /// ```swift
    /// let png = TrackPreview().png(segments: [[start, middle, finish]])
    /// // 0x89 "PNG" …, 1200 × 630
    /// ```
    /// - Complexity: `raster(segments:)`, then `PNGEncoder` (O(width × height)).
    public func png(segments: [[Coordinate]]) -> Data {
        let canvas = raster(segments: segments)
        return PNGEncoder.encode(rgb: canvas.rgb, width: canvas.width, height: canvas.height)
    }
}
