import Foundation

/// A track as a personal heat map draws it: each segment's positions thinned to one every
/// `spacing` metres or more (O(n)), simplified to within `tolerance` metres
/// (`DouglasPeucker`), and written as Google's encoded polyline (1e-5 degrees, about a
/// metre; a few bytes a point). A 10 km run is a few hundred points, some hundred bytes;
/// a history of 2,000 activities about a megabyte.
///
/// ```swift
/// HeatLine.encode([Coordinate(latitude: 38.5, longitude: -120.2)])  // "_p~iF~ps|U"
/// ```
public enum HeatLine {
    /// The least distance between two points kept, metres.
    public static let spacing = 10.0
    /// How far the drawn line may stray from the thinned positions, metres.
    public static let tolerance = 10.0

    /// `track`'s segments as encoded polylines; a segment of fewer than two positions is left out.
    /// - Complexity: O(n) to thin, then Douglas–Peucker over the thinned points.
    public static func lines(of track: Track) -> [String] {
        track.segments.compactMap { segment in
            var thinned: [Coordinate] = []
            for coordinate in segment.lazy.compactMap(\.coordinate) {
                if let last = thinned.last, Geodesy.distance(last, coordinate) < spacing { continue }
                thinned.append(coordinate)
            }
            if let last = segment.last(where: { $0.coordinate != nil })?.coordinate, thinned.last != last, thinned.count > 1 {
                thinned.append(last)
            }
            guard thinned.count > 1 else { return nil }
            let kept = DouglasPeucker.keptIndices(count: thinned.count, tolerance: tolerance) { index, first, last in
                Geodesy.projection(of: thinned[index], ontoStepFrom: thinned[first], to: thinned[last]).meters
            }
            return encode(kept.map { thinned[$0] })
        }
    }

    /// Google's encoded polyline of `coordinates`, at 1e-5 degrees.
    public static func encode(_ coordinates: [Coordinate]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(coordinates.count * 6)
        var previous = (latitude: 0, longitude: 0)
        for coordinate in coordinates {
            let latitude = Int((coordinate.latitude * 1e5).rounded()), longitude = Int((coordinate.longitude * 1e5).rounded())
            append(latitude - previous.latitude, to: &out)
            append(longitude - previous.longitude, to: &out)
            previous = (latitude, longitude)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The coordinates of an encoded polyline; nil when it is not one.
    /// - Complexity: O(n) in its bytes, one pass.
    public static func decode(_ text: String) -> [Coordinate]? {
        var coordinates: [Coordinate] = []
        coordinates.reserveCapacity(text.utf8.count / 4)
        var value = 0, shift = 0
        var latitude = 0, longitude = 0
        var pendingLatitude: Int?  // a point's latitude step, waiting for its longitude's
        for byte in text.utf8 {
            guard byte >= 63, byte < 127, shift < 35 else { return nil }
            let chunk = Int(byte) - 63
            value |= (chunk & 0x1F) << shift
            shift += 5
            guard chunk & 0x20 == 0 else { continue }
            let step = value & 1 != 0 ? ~(value >> 1) : value >> 1
            (value, shift) = (0, 0)
            if let latitudeStep = pendingLatitude {
                latitude += latitudeStep
                longitude += step
                coordinates.append(Coordinate(latitude: Double(latitude) / 1e5, longitude: Double(longitude) / 1e5))
                pendingLatitude = nil
            } else {
                pendingLatitude = step
            }
        }
        guard shift == 0, pendingLatitude == nil else { return nil }
        return coordinates
    }

    private static func append(_ delta: Int, to out: inout [UInt8]) {
        var value = delta < 0 ? ~(delta << 1) : delta << 1
        while value >= 0x20 {
            out.append(UInt8((0x20 | (value & 0x1F)) + 63))
            value >>= 5
        }
        out.append(UInt8(value + 63))
    }
}
