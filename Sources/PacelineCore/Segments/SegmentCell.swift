import Foundation

/// The cells of the map grid a segment is found by: a segment is filed under the cell of
/// its start, and a run looks up the cells its way passes within a gate's reach, so
/// matching a run reads only the segments that start near it (an index lookup, never a
/// scan of all segments).
public enum SegmentCell {
    /// Cells of `WebMercatorGrid` at this level: 2^16 a side, about 600 m at the equator
    /// and 400 m at 50° N.
    public static let level = 16

    /// The key of the cell holding `coordinate`: its column times 2^16 plus its row.
    /// - Complexity: O(1).
    public static func key(of coordinate: Coordinate) -> Int64 {
        let cell = WebMercatorGrid.cell(of: coordinate, at: level)
        return Int64(cell.x) << 16 | Int64(cell.y)
    }

    /// The keys of every cell within `reach` metres of one of `checkpoints`: each
    /// checkpoint's cell and those of the corners of a square `reach` either side of it.
    /// - Complexity: O(n) in the checkpoints.
    public static func keys(near checkpoints: [Checkpoint], reach: Double) -> Set<Int64> {
        var keys = Set<Int64>()
        let north = reach / 111_132
        for checkpoint in checkpoints {
            let c = checkpoint.coordinate
            let east = reach / (111_320 * max(cos(c.latitude * .pi / 180), 1e-6))
            for dlat in [-north, north] {
                for dlon in [-east, east] {
                    keys.insert(key(of: Coordinate(latitude: c.latitude + dlat, longitude: c.longitude + dlon)))
                }
            }
        }
        return keys
    }
}
