import Foundation

/// A circle a user keeps to themselves (their home, their work): for everyone but them, the
/// parts of their tracks inside it are not shown. Distances and times stay what they were.
public struct PrivacyZone: Sendable, Hashable, Codable {
    /// The radii a zone may have, metres: big enough to hide a door, small enough to leave a run.
    public static let radii: ClosedRange<Double> = 200...1_000
    /// The most zones one user keeps.
    public static let maximumCount = 10

    public var center: Coordinate
    public var radiusMeters: Double

    public init(center: Coordinate, radiusMeters: Double) {
        self.center = center
        self.radiusMeters = radiusMeters
    }

    /// Whether `coordinate` is inside the zone (on its edge counts as inside).
    public func contains(_ coordinate: Coordinate) -> Bool {
        // The cheap bound first: most fixes are far from every zone.
        Geodesy.distanceLowerBound(center, coordinate) <= radiusMeters && Geodesy.distance(center, coordinate) <= radiusMeters
    }
}

extension Array where Element == PrivacyZone {
    /// Whether any zone holds `coordinate`.
    public func hide(_ coordinate: Coordinate) -> Bool { contains { $0.contains(coordinate) } }
}

extension Track {
    /// The track as someone else may see it: every positioned fix inside one of `zones` is
    /// left out, and a segment is cut where it went in, so no line is drawn across the
    /// hidden part. Fixes without a position stay. Unchanged with no zones.
    /// - Complexity: O(n·z) for n fixes and z zones.
    public func hiding(_ zones: [PrivacyZone]) -> Track {
        guard !zones.isEmpty else { return self }
        var shown: [[Fix]] = []
        for segment in segments {
            var part: [Fix] = []
            for fix in segment {
                if let coordinate = fix.coordinate, zones.hide(coordinate) {
                    if !part.isEmpty { shown.append(part); part = [] }
                } else {
                    part.append(fix)
                }
            }
            if !part.isEmpty { shown.append(part) }
        }
        return Track(segments: shown)
    }
}

extension Array where Element == Checkpoint {
    /// The checkpoints outside every one of `zones`, with their distances and times as they were.
    public func hiding(_ zones: [PrivacyZone]) -> [Checkpoint] {
        zones.isEmpty ? self : filter { !zones.hide($0.coordinate) }
    }
}
