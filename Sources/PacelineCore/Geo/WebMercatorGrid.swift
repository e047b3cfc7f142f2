import Foundation

/// The Web-Mercator tile grid, in layers: at level `L` the world (between latitudes
/// ±`maximumLatitude`) is 2^L × 2^L square cells, x growing east from -180°, y growing
/// south from the top edge, as map tiles are numbered. Each cell holds exactly four
/// cells of the next level, so a cell at a coarse level is a finest-level cell with
/// its coordinates shifted right (`Cell.ancestor(at:)`).
public enum WebMercatorGrid {
    /// The latitude where the Mercator square ends, arctan(sinh π), in degrees. Positions
    /// beyond it belong to the top or bottom row of cells.
    public static let maximumLatitude = 85.051_128_779_806_59

    /// The finest layer: cells of 360°/2^18, about 153 m wide at the equator.
    public static let finestLevel = 18

    /// A map tile is 256 px; cells two levels finer than the map's zoom are 64 px wide
    /// on screen, about the size of a cluster marker.
    public static let levelsFinerThanZoom = 2

    /// One cell: its level and its column and row there.
    public struct Cell: Sendable, Hashable {
        public var level: Int
        public var x: Int
        public var y: Int

        public init(level: Int, x: Int, y: Int) {
            self.level = level
            self.x = x
            self.y = y
        }

        /// The cell containing this one at `level`, which must not be finer than this one's.
        /// - Complexity: O(1).
        public func ancestor(at level: Int) -> Cell {
            precondition(level <= self.level, "an ancestor is at a coarser level")
            let shift = self.level - level
            return Cell(level: level, x: x >> shift, y: y >> shift)
        }

        /// The cell's edges in degrees (the top row ends at `maximumLatitude`).
        /// - Complexity: O(1); two hyperbolic sines.
        public var bounds: BoundingBox {
            let size = Double(1 << level)
            let northWest = WebMercatorGrid.coordinate(atFraction: Double(x) / size, Double(y) / size)
            let southEast = WebMercatorGrid.coordinate(atFraction: Double(x + 1) / size, Double(y + 1) / size)
            return BoundingBox(south: southEast.latitude, west: northWest.longitude, north: northWest.latitude, east: southEast.longitude)
        }
    }

    /// A rectangle of cells at one level: columns `x`, rows `y`.
    public struct CellRange: Sendable, Hashable {
        public var level: Int
        public var x: ClosedRange<Int>
        public var y: ClosedRange<Int>

        /// How many cells it holds.
        public var count: Int { x.count * y.count }

        /// Whether `cell` (at any level) is one of them.
        public func contains(_ cell: Cell) -> Bool {
            cell.level == level && x.contains(cell.x) && y.contains(cell.y)
        }
    }

    /// The cell at `level` that contains `coordinate`. Latitudes beyond ±`maximumLatitude`
    /// fall in the top or bottom row, and longitude 180 in the last column.
    ///
    /// The cell at a coarser level is always this one's `ancestor(at:)`: the position is
    /// scaled by a power of two, which is exact, before rounding down.
    ///
    /// ```swift
    /// WebMercatorGrid.cell(of: Coordinate(latitude: 51.5, longitude: -0.12), at: 10)  // (511, 340)
    /// ```
    /// - Complexity: O(1); one logarithm and one tangent.
    public static func cell(of coordinate: Coordinate, at level: Int) -> Cell {
        let size = Double(1 << level), last = (1 << level) - 1
        let position = fraction(of: coordinate)
        return Cell(level: level,
                    x: min(max(Int((position.x * size).rounded(.down)), 0), last),
                    y: min(max(Int((position.y * size).rounded(.down)), 0), last))
    }

    /// Where `coordinate` lies on the Mercator square: the fractions of its width from the
    /// west edge and of its height from the top, 0…1 (latitudes beyond ±`maximumLatitude`
    /// are clamped to it). A map at zoom z is this times 256 · 2^z pixels.
    /// - Complexity: O(1); one logarithm and one tangent.
    public static func fraction(of coordinate: Coordinate) -> (x: Double, y: Double) {
        let latitude = min(max(coordinate.latitude, -maximumLatitude), maximumLatitude) * .pi / 180
        return ((coordinate.longitude + 180) / 360, (1 - log(tan(latitude) + 1 / cos(latitude)) / .pi) / 2)
    }

    /// The coordinate at fractions `x` of the Mercator square's width and `y` of its
    /// height (the inverse of `fraction(of:)`).
    /// - Complexity: O(1); one hyperbolic sine.
    public static func coordinate(atFraction x: Double, _ y: Double) -> Coordinate {
        Coordinate(latitude: atan(sinh(.pi * (1 - 2 * y))) * 180 / .pi, longitude: x * 360 - 180)
    }

    /// The cells at `level` that `box` touches, as a rectangle from its north-west cell
    /// to its south-east one.
    /// - Complexity: O(1).
    public static func cells(covering box: BoundingBox, at level: Int) -> CellRange {
        let northWest = cell(of: Coordinate(latitude: box.north, longitude: box.west), at: level)
        let southEast = cell(of: Coordinate(latitude: box.south, longitude: box.east), at: level)
        return CellRange(level: level, x: northWest.x...southEast.x, y: northWest.y...southEast.y)
    }

    /// The level whose cells are about 64 screen pixels wide on a map at `zoom`
    /// (`zoom + levelsFinerThanZoom`), never finer than `finestLevel`.
    /// - Complexity: O(1).
    public static func level(forZoom zoom: Int) -> Int {
        min(max(zoom, 0) + levelsFinerThanZoom, finestLevel)
    }
}
