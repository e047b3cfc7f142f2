import Foundation

/// A place a user keeps to themselves (their home, their work): for everyone but them, the
/// parts of their tracks near it are not shown.
///
/// What others miss is not the circle the user chose but the **hidden circle**, drawn once
/// when the zone is made and kept with it: its centre lies `offsets` (0.3 to 0.5) of the
/// radius away from the chosen point, in a random direction, and its radius is the chosen
/// one grown by that offset, so the whole chosen circle stays hidden. Tracks are cut on the
/// hidden circle, so a circle fitted through where they stop finds its centre, never nearer
/// the chosen point than 0.3 of the radius. A draw per request instead would average out to
/// the chosen point, so the draw is kept until the user moves or resizes the zone.
public struct PrivacyZone: Sendable, Hashable, Codable {
    /// The radii a zone may have, metres: big enough to hide a door, small enough to leave a run.
    public static let radii: ClosedRange<Double> = 200...1_000
    /// The most zones one user keeps.
    public static let maximumCount = 10
    /// How far the hidden circle's centre lies from the chosen point, in radii of the chosen
    /// circle: never near it (a uniform offset from 0 could fall on the door), and at most half
    /// a radius, so the hidden circle reaches no farther than twice the radius from it.
    public static let offsets: ClosedRange<Double> = 0.3...0.5

    /// The point the user chose: only they see it.
    public var center: Coordinate
    /// The radius the user chose, metres.
    public var radiusMeters: Double
    /// The centre of the circle hidden from others, `offsets` of the radius from `center`.
    public var hiddenCenter: Coordinate
    /// The hidden circle's radius, metres: `radiusMeters` and the offset, rounded up.
    public var hiddenRadiusMeters: Double

    /// A zone whose hidden circle was drawn already (read back from storage).
    public init(center: Coordinate, radiusMeters: Double, hiddenCenter: Coordinate, hiddenRadiusMeters: Double) {
        self.center = center
        self.radiusMeters = radiusMeters
        self.hiddenCenter = hiddenCenter
        self.hiddenRadiusMeters = hiddenRadiusMeters
    }

    /// A zone of `radiusMeters` around `center`, its hidden circle drawn now from `generator`:
    /// the offset uniform in `offsets`, the direction uniform. The server draws from
    /// `SystemRandomNumberGenerator`, the system's cryptographic source, so no one can
    /// predict or replay a draw.
    public init(center: Coordinate, radiusMeters: Double, drawingFrom generator: inout some RandomNumberGenerator) {
        self.init(center: center, radiusMeters: radiusMeters, offset: Double.random(in: Self.offsets, using: &generator),
                  direction: Double.random(in: 0..<(2 * Double.pi), using: &generator))
    }

    /// A zone of `radiusMeters` around `center` whose hidden circle's centre lies `offset`
    /// radii away (a fraction in `offsets`) in `direction` (radians clockwise from north),
    /// its radius grown by that distance as measured, so every point of the chosen circle is
    /// inside.
    public init(center: Coordinate, radiusMeters: Double, offset: Double, direction: Double) {
        let metres = radiusMeters * offset
        let hiddenCenter = LocalPlane(origin: center).coordinate(x: metres * sin(direction), y: metres * cos(direction))
        self.init(center: center, radiusMeters: radiusMeters, hiddenCenter: hiddenCenter,
                  hiddenRadiusMeters: (radiusMeters + Geodesy.distance(center, hiddenCenter)).rounded(.up))
    }

    /// Whether `coordinate` is hidden from others: inside the hidden circle (on its edge counts
    /// as inside). Every point of the chosen circle is.
    public func contains(_ coordinate: Coordinate) -> Bool {
        // The cheap bound first: most fixes are far from every zone.
        Geodesy.distanceLowerBound(hiddenCenter, coordinate) <= hiddenRadiusMeters
            && Geodesy.distance(hiddenCenter, coordinate) <= hiddenRadiusMeters
    }

    /// Whether this zone is the one the user chose at `center` with `radiusMeters`: a zone
    /// sent back unchanged keeps its draw.
    public func isChosen(at center: Coordinate, radiusMeters: Double) -> Bool {
        self.center == center && self.radiusMeters == radiusMeters
    }
}

extension Array where Element == PrivacyZone {
    /// Whether any zone holds `coordinate`.
    public func hide(_ coordinate: Coordinate) -> Bool { contains { $0.contains(coordinate) } }
}

extension Track {
    /// The track as someone else may see it: every positioned fix inside one of `zones` is
    /// left out, and a segment is cut where it went in, so no line is drawn across the
    /// hidden part. A fix without a position (a watch's record before its GPS found itself)
    /// goes with the positioned fix before it, or at a segment's start the first one after
    /// it: its time and sensors were taken there. Unchanged with no zones.
    /// - Complexity: O(n·z) for n fixes and z zones.
    public func hiding(_ zones: [PrivacyZone]) -> Track {
        guard !zones.isEmpty else { return self }
        var shown: [[Fix]] = []
        for segment in segments {
            var part: [Fix] = []
            var inside = segment.lazy.compactMap(\.coordinate).first.map(zones.hide) ?? false
            for fix in segment {
                if let coordinate = fix.coordinate { inside = zones.hide(coordinate) }
                if inside {
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

extension Array where Element == Coordinate {
    /// A line (a heat line, a route's path) as someone else may see it, by `Track.hiding`'s
    /// rule: every point inside one of `zones` is left out, and the line is cut where it
    /// went in; the stretches left. Unchanged, as one stretch, with no zones.
    /// - Complexity: O(n·z) for n points and z zones.
    public func hiding(_ zones: [PrivacyZone]) -> [[Coordinate]] {
        guard !zones.isEmpty else { return [self] }
        var stretches: [[Coordinate]] = []
        var part: [Coordinate] = []
        for point in self {
            if zones.hide(point) {
                if !part.isEmpty { stretches.append(part); part = [] }
            } else {
                part.append(point)
            }
        }
        if !part.isEmpty { stretches.append(part) }
        return stretches
    }
}

extension Array where Element == Checkpoint {
    /// The checkpoints as someone else may see them: those outside every one of `zones`, their
    /// distances and times counted from the first of them (`firstShown`), so no point shown
    /// says how far or how long the run went before it. Unchanged with no zones.
    public func hiding(_ zones: [PrivacyZone]) -> [Checkpoint] {
        guard !zones.isEmpty else { return self }
        guard let origin = firstShown(hiding: zones) else { return [] }
        return filter { !zones.hide($0.coordinate) }.map { $0.measured(from: origin) }
    }

    /// Where what others see of the run begins: the first checkpoint outside every one of
    /// `zones`, with its distance and time from the run's true start; nil when all are hidden.
    public func firstShown(hiding zones: [PrivacyZone]) -> Checkpoint? {
        first { !zones.hide($0.coordinate) }
    }
}

extension Checkpoint {
    /// This checkpoint with its distance and time counted from `origin`'s.
    public func measured(from origin: Checkpoint) -> Checkpoint {
        var measured = self
        measured.distance -= origin.distance
        measured.elapsed -= origin.elapsed
        return measured
    }
}
