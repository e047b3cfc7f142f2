import Foundation

/// Points of interest in a grid of Web-Mercator cells, to find those a track passes near
/// without comparing every fix with every point.
///
/// ```swift
/// let grid = ProximityGrid(points: plaques.map(\.coordinate), radius: 30)
/// grid.passes(along: segments)  // the plaques within 30 m of the path, first pass first
/// ```
///
/// A point is passed when its distance to the *path* — the straight line between two
/// consecutive kept fixes, not just the fixes — is at most `radius`, so a sparse track
/// (one fix every 10 s, 14 m apart at a walk) does not miss a plaque between two fixes.
/// Distances are in the tangent plane at the segment's start (`Geodesy.projection`), which
/// is exact to 1 part in 10⁶ within 10 km.
public struct ProximityGrid: Sendable {
    /// The default discovery radius, metres: phones in a street are good to about 5–15 m,
    /// and a plaque is seen from across a street.
    public static let defaultRadius = 30.0
    /// Cells of level 18: 153 m at the equator, 96 m at London (×cos latitude).
    static let level = WebMercatorGrid.finestLevel

    public let points: [Coordinate]
    public let radius: Double
    private let cells: [WebMercatorGrid.Cell: [Int]]

    /// Indexes `points` (invalid coordinates are never passed).
    /// - Complexity: O(n) in the number of points.
    public init(points: [Coordinate], radius: Double = defaultRadius) {
        self.points = points
        self.radius = radius
        var cells: [WebMercatorGrid.Cell: [Int]] = [:]
        for (index, point) in points.enumerated() where point.isValid {
            cells[WebMercatorGrid.cell(of: point, at: Self.level), default: []].append(index)
        }
        self.cells = cells
    }

    /// One point of interest the track passed.
    public struct Pass: Sendable, Hashable {
        /// Its index in `points`.
        public var index: Int
        /// The closest the path came to it, metres (over the whole track).
        public var distance: Double
        /// When the path was closest to it on its first pass within the radius (the
        /// consecutive steps within it; interpolated between two fixes), if the track is timed.
        public var time: Date?
    }

    /// The points within `radius` of the path of `segments` (no path across a segment
    /// break), in the order the track first passed them.
    ///
    /// For each step between fixes the grid is visited at samples one cell apart along
    /// the step, each sample looking at the cells within `radius` plus half a cell: every
    /// point within `radius` of the step is among them. Only those candidates are
    /// measured.
    /// - Complexity: O(f + L/c + k): f fixes, L the path's length, c the cell size, and k
    ///   the points in the cells visited; never f × points.
    public func passes(along segments: [FilteredSegment]) -> [Pass] {
        var found: [Int: Pass] = [:]
        var order: [Int] = []
        var firstPass: [Int: Int] = [:]  // the last step of each point's first pass so far
        var seenInStep = [Int](repeating: -1, count: points.count)
        var step = 0
        for segment in segments {
            let coordinates = segment.coordinates
            let times = segment.times
            for i in coordinates.indices {
                let a = coordinates[i]
                let b = i + 1 < coordinates.count ? coordinates[i + 1] : a
                if i + 1 == coordinates.count && coordinates.count > 1 { break }  // the last fix ends the previous step
                step += 1
                for index in candidates(from: a, to: b) where seenInStep[index] != step {
                    seenInStep[index] = step
                    let (distance, fraction) = Geodesy.projection(of: points[index], ontoStepFrom: a, to: b)
                    guard distance <= radius else { continue }
                    let time = times.map { t in
                        Date(timeIntervalSince1970: t[i] + (i + 1 < t.count ? (t[i + 1] - t[i]) * fraction : 0))
                    }
                    if var pass = found[index] {
                        // Still on the first pass (the step before was within the radius too):
                        // its time is where the path came closest.
                        if firstPass[index] == step - 1 {
                            firstPass[index] = step
                            if distance < pass.distance { pass.time = time }
                        }
                        pass.distance = min(pass.distance, distance)
                        found[index] = pass
                    } else {
                        found[index] = Pass(index: index, distance: distance, time: time)
                        firstPass[index] = step
                        order.append(index)
                    }
                }
            }
        }
        return order.map { found[$0]! }
    }

    /// The indexes of the points in the cells that may hold points within `radius` of
    /// the step from `a` to `b` (possibly twice: callers skip repeats).
    private func candidates(from a: Coordinate, to b: Coordinate) -> [Int] {
        guard !cells.isEmpty else { return [] }
        let latitude = max(abs(a.latitude), abs(b.latitude))
        let cellSize = max(2 * .pi * Geodesy.equatorialRadius * cos(min(latitude, 89) * .pi / 180) / Double(1 << Self.level), 0.01)
        let length = Geodesy.distance(a, b)
        let samples = max(Int((length / cellSize).rounded(.up)), 1)
        let reach = Int(((radius + cellSize / 2) / cellSize).rounded(.up))
        let last = (1 << Self.level) - 1
        var result: [Int] = []
        var visited = Set<WebMercatorGrid.Cell>()
        for k in 0...samples {
            let t = Double(k) / Double(samples)
            let sample = Coordinate(latitude: a.latitude + (b.latitude - a.latitude) * t,
                                    longitude: a.longitude + (b.longitude - a.longitude) * t)
            let centre = WebMercatorGrid.cell(of: sample, at: Self.level)
            for y in max(centre.y - reach, 0)...min(centre.y + reach, last) {
                for x in centre.x - reach...centre.x + reach {
                    let cell = WebMercatorGrid.Cell(level: Self.level, x: (x + last + 1) & last, y: y)  // wraps at 180°
                    guard visited.insert(cell).inserted, let indexes = cells[cell] else { continue }
                    result += indexes
                }
            }
        }
        return result
    }
}
