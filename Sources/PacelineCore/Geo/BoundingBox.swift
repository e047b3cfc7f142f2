/// A rectangle of latitudes and longitudes, in degrees, that does not cross the
/// antimeridian (`west <= east`); a map viewport that does is two of these (`viewport`).
public struct BoundingBox: Sendable, Hashable {
    public var south: Double
    public var west: Double
    public var north: Double
    public var east: Double

    public init(south: Double, west: Double, north: Double, east: Double) {
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// Whether `coordinate` lies inside, edges included.
    /// - Complexity: O(1).
    public func contains(_ coordinate: Coordinate) -> Bool {
        (south...north).contains(coordinate.latitude) && (west...east).contains(coordinate.longitude)
    }

    /// The boxes of a map viewport: one, or, when `west > east` (it crosses the
    /// antimeridian), the part from `west` to 180 and the part from -180 to `east`.
    ///
    /// ```swift
    /// BoundingBox.viewport(west: 170, south: -20, east: -170, north: -10)
    /// // [170…180, -180…-170] × [-20…-10]
    /// ```
    /// - Complexity: O(1).
    public static func viewport(west: Double, south: Double, east: Double, north: Double) -> [BoundingBox] {
        if west <= east { return [BoundingBox(south: south, west: west, north: north, east: east)] }
        return [BoundingBox(south: south, west: west, north: north, east: 180),
                BoundingBox(south: south, west: -180, north: north, east: east)]
    }
}
