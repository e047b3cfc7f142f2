import Foundation

/// The fixes of one segment that passed `FixFilter`, reduced to what the statistics
/// use and stored as columns: a long track is analysed without copying its fixes.
public struct FilteredSegment: Sendable, Hashable {
    /// Where each kept fix was (every kept fix has a position).
    public private(set) var coordinates: [Coordinate] = []
    /// When each kept fix was taken, seconds since 1970; nil when any of them has no
    /// time (or its segment's clock was broken), which makes the segment untimed.
    public var times: [Double]? { isTimed ? timeColumn : nil }
    /// The elevation of each kept fix, if it has one.
    public private(set) var elevations: [Double?] = []

    private var timeColumn: [Double] = []
    private var isTimed = true

    /// Number of kept fixes.
    public var count: Int { coordinates.count }

    /// An empty segment with room for `capacity` fixes.
    public init(capacity: Int = 0) {
        coordinates.reserveCapacity(capacity)
        timeColumn.reserveCapacity(capacity)
        elevations.reserveCapacity(capacity)
    }

    /// Appends a positioned fix; `time` is nil when the fix has none or it is not trusted.
    mutating func append(_ coordinate: Coordinate, time: Date?, elevation: Double?) {
        coordinates.append(coordinate)
        elevations.append(elevation)
        if let time, isTimed {
            timeColumn.append(time.timeIntervalSince1970)
        } else if isTimed {
            isTimed = false
            timeColumn = []
        }
    }
}
