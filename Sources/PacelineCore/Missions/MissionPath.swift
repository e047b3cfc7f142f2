import Foundation

/// A line on the map with the geodesic distance from its first point to each point, so
/// that the place at any distance along it is found by binary search.
///
/// ```swift
/// let path = MissionPath([Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 0.01)])
/// path.length                    // 1113.19
/// path.coordinate(at: 556.6)     // about (0, 0.005)
/// ```
public struct MissionPath: Sendable, Hashable, Codable {
    public let coordinates: [Coordinate]
    /// `cumulative[i]`: metres along the line from `coordinates[0]` to `coordinates[i]`.
    public let cumulative: [Double]

    /// - Complexity: O(n) geodesic distances.
    public init(_ coordinates: [Coordinate]) {
        self.coordinates = coordinates
        var cumulative = [Double]()
        cumulative.reserveCapacity(coordinates.count)
        var total = 0.0
        for (index, coordinate) in coordinates.enumerated() {
            if index > 0 { total += Geodesy.distance(coordinates[index - 1], coordinate) }
            cumulative.append(total)
        }
        self.cumulative = cumulative
    }

    /// Metres from the first point to the last.
    public var length: Double { cumulative.last ?? 0 }

    /// The point `distance` metres along the line (clamped to its ends), interpolated
    /// between the two points around it.
    /// - Complexity: O(log n).
    public func coordinate(at distance: Double) -> Coordinate {
        guard let first = coordinates.first else { return Coordinate(latitude: 0, longitude: 0) }
        guard distance > 0 else { return first }
        guard distance < length else { return coordinates[coordinates.count - 1] }
        // The first point at or past `distance`.
        var low = 1, high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] < distance { low = middle + 1 } else { high = middle }
        }
        let a = coordinates[low - 1], b = coordinates[low]
        let span = cumulative[low] - cumulative[low - 1]
        let fraction = span > 0 ? (distance - cumulative[low - 1]) / span : 0
        return Coordinate(latitude: a.latitude + (b.latitude - a.latitude) * fraction,
                          longitude: a.longitude + (b.longitude - a.longitude) * fraction)
    }

    /// The distance along the line of the point nearest to `point`, looking only at or
    /// past `minimum` metres (so stages snap in order even where the line passes a place
    /// twice), and how far `point` is from it.
    /// - Complexity: O(n).
    public func nearest(to point: Coordinate, from minimum: Double = 0) -> (along: Double, offset: Double) {
        guard coordinates.count > 1 else { return (0, coordinates.first.map { Geodesy.distance($0, point) } ?? .infinity) }
        var best = (along: minimum, offset: Double.infinity)
        for index in 1..<coordinates.count where cumulative[index] >= minimum {
            let fraction = Geodesy.projection(of: point, ontoStepFrom: coordinates[index - 1], to: coordinates[index]).fraction
            var along = cumulative[index - 1] + fraction * (cumulative[index] - cumulative[index - 1])
            if along < minimum { along = minimum }
            let offset = Geodesy.distance(coordinate(at: along), point)
            if offset < best.offset { best = (along, offset) }
        }
        return best
    }

    /// The line with the points that change its shape by less than `tolerance` metres
    /// dropped (Douglas–Peucker), for drawing on a map; the ends are always kept.
    /// - Complexity: O(n log n) typically, O(n²) at worst.
    public func simplified(tolerance: Double) -> [Coordinate] {
        DouglasPeucker.keptIndices(count: coordinates.count, tolerance: tolerance) { index, first, last in
            Geodesy.projection(of: coordinates[index], ontoStepFrom: coordinates[first], to: coordinates[last]).meters
        }.map { coordinates[$0] }
    }

    public init(from decoder: any Decoder) throws {
        self.init(try [Coordinate](from: decoder))
    }

    /// Only the coordinates: the distances are computed again when decoded.
    public func encode(to encoder: any Encoder) throws {
        try coordinates.encode(to: encoder)
    }
}
