import Foundation

/// The way a segment takes: points every `Normalization.spacing` metres along a stretch
/// of the activity it was made from, and the distance of each from the segment's start.
/// A run matches the segment when it passes its start, follows these points in order and
/// passes its end (`SegmentMatcher`).
public struct SegmentPath: Sendable, Hashable {
    /// A segment is at least this long (metres): shorter, a phone's GPS error is most of it.
    public static let minimumLength = 100.0
    /// And at most this long (metres).
    public static let maximumLength = 50_000.0

    /// The points, from the start to the end.
    public let points: [Coordinate]
    /// Metres from the start to each point, along the points.
    public let distances: [Double]

    /// Where the segment starts.
    public var start: Coordinate { points[0] }
    /// Where the segment ends.
    public var end: Coordinate { points[points.count - 1] }
    /// Its length in metres, along its points.
    public var length: Double { distances[distances.count - 1] }

    /// The segment through `points` (as stored), measured along them.
    /// - Throws: `SegmentError.tooShort` or `.tooLong` for a length outside the limits.
    /// - Complexity: O(n).
    public init(points: [Coordinate]) throws(SegmentError) {
        guard let path = Self(stored: points) else { throw .tooShort(meters: 0) }
        guard path.length >= Self.minimumLength else { throw .tooShort(meters: path.length) }
        guard path.length <= Self.maximumLength else { throw .tooLong(meters: path.length) }
        self = path
    }

    /// A segment kept already, through `points` as stored: the limits were checked when it
    /// was made (a way read back a little shorter after rounding is still that segment).
    /// Nil for fewer than two points.
    /// - Complexity: O(n).
    public init?(stored points: [Coordinate]) {
        guard points.count >= 2 else { return nil }
        var distances = [0.0]
        distances.reserveCapacity(points.count)
        for i in points.indices.dropFirst() {
            distances.append(distances[i - 1] + Geodesy.distance(points[i - 1], points[i]))
        }
        self.points = points
        self.distances = distances
    }

    /// The stretch of a run from `from` to `to` metres along its `checkpoints`
    /// (`Normalization.checkpoints(of:)`, the distances every screen shows), its ends
    /// interpolated between the checkpoints around them.
    /// - Throws: `SegmentError.outsideActivity` unless `0 ≤ from < to ≤` the run's
    ///   length (a metre's slack at the end), or a length outside the limits.
    /// - Complexity: O(n) in the checkpoints.
    public init(stretchOf checkpoints: [Checkpoint], from: Double, to: Double) throws(SegmentError) {
        guard let last = checkpoints.last, from.isFinite, to.isFinite, from >= 0, from < to,
              to <= last.distance + 1 else { throw .outsideActivity }
        let to = min(to, last.distance)
        var points = [Self.coordinate(at: from, along: checkpoints)]
        points += checkpoints.lazy.filter { $0.distance > from && $0.distance < to }.map(\.coordinate)
        points.append(Self.coordinate(at: to, along: checkpoints))
        try self.init(points: points)
    }

    /// The position `distance` metres along `checkpoints`, interpolated (binary search).
    private static func coordinate(at distance: Double, along checkpoints: [Checkpoint]) -> Coordinate {
        var low = 0, high = checkpoints.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if checkpoints[middle].distance < distance { low = middle } else { high = middle }
        }
        let a = checkpoints[low], b = checkpoints[high]
        let span = b.distance - a.distance
        let f = span > 0 ? min(1, max(0, (distance - a.distance) / span)) : 0
        return Coordinate(latitude: a.coordinate.latitude + f * (b.coordinate.latitude - a.coordinate.latitude),
                          longitude: a.coordinate.longitude + f * (b.coordinate.longitude - a.coordinate.longitude))
    }
}
