import Foundation
import PacelineCore

/// What someone who may see a runner's runs, but not what their privacy zones hide, can
/// compute of where the hidden place (their home) is (issue 35): walking back from where
/// a run is first seen by how far it had come, walking on from where it is last seen by
/// what its total leaves, and a circle fitted through, or the centroid of, the ends where
/// tracks are cut. Points are metres east and north of any origin nearby.
public enum HomeEstimate {
    public struct Point: Sendable, Hashable {
        public var x: Double
        public var y: Double

        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }

        /// `coordinate` on the plane of `origin` (`Geodesy.offset`).
        public init(_ coordinate: Coordinate, from origin: Coordinate) {
            let (east, north) = Geodesy.offset(from: origin, to: coordinate)
            self.init(x: east, y: north)
        }

        public func distance(to other: Point) -> Double { ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot() }
    }

    /// One run as another user sees it in one document.
    public struct ShownRun: Sendable {
        /// The shown way in lines, split wherever two points in a row are more than
        /// `breakMeters` apart: the document's own breaks (a GPX `trkseg`) or a jump over a
        /// hidden stretch (the series is one list).
        public var lines: [[Point]]
        /// The distance beside each point (the series', TCX's and FIT's), in the order of
        /// `lines` joined; nil in a document without (the track, GPX).
        public var offsets: [Double]?
        /// The run's distance as its summary gives it.
        public var total: Double
        /// Whether the run starts inside the zone (the summary leaves its `start` out) and
        /// whether it ends there (its last point shown comes before its end time).
        public var startHidden: Bool
        public var endHidden: Bool

        /// Further apart than points of a document are (a fix a second, a checkpoint every 20 m).
        public static let breakMeters = 60.0

        public init(points: [Point], offsets: [Double]?, total: Double, startHidden: Bool, endHidden: Bool) {
            var lines: [[Point]] = []
            for point in points {
                if let last = lines.last?.last, last.distance(to: point) <= Self.breakMeters {
                    lines[lines.count - 1].append(point)
                } else {
                    lines.append([point])
                }
            }
            self.lines = lines
            self.offsets = offsets
            self.total = total
            self.startHidden = startHidden
            self.endHidden = endHidden
        }

        /// How far the shown points reach along the run: from the first offset to the last,
        /// or measured along the lines and straight across their breaks.
        var shownLength: Double {
            if let offsets, let first = offsets.first, let last = offsets.last { return last - first }
            let points = lines.joined()
            return zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
        }

        /// The ends where the way goes into a zone or comes out of one.
        var cutEnds: [Point] {
            var ends: [Point] = []
            if startHidden, let first = lines.first?.first { ends.append(first) }
            for (before, after) in zip(lines, lines.dropFirst()) { ends += [before.last!, after.first!] }
            if endHidden, let last = lines.last?.last { ends.append(last) }
            return ends
        }
    }

    /// Every estimate of the hidden place from `runs` (the runs through one zone, as one
    /// document shows them), named by attack.
    public static func estimates(_ runs: [ShownRun]) -> [(attack: String, point: Point)] {
        var estimates: [(attack: String, point: Point)] = []
        for (index, run) in runs.enumerated() {
            guard let first = run.lines.first, let last = run.lines.last else { continue }
            let hidden = run.total - run.shownLength
            if run.startHidden {
                if let offset = run.offsets?.first, let point = walkBack(from: first, metres: offset) {
                    estimates.append(("run \(index + 1): back from the first point by its distance", point))
                }
                if let point = walkBack(from: first, metres: hidden) {
                    estimates.append(("run \(index + 1): back from the first point by the total less what is shown", point))
                }
            }
            if run.endHidden, let point = walkOn(from: last, metres: hidden) {
                estimates.append(("run \(index + 1): on from the last point by the total less what is shown", point))
            }
        }
        let ends = runs.flatMap(\.cutEnds)
        if let centre = circleCentre(through: ends) { estimates.append(("the circle through the cut ends", centre)) }
        if let centroid = centroid(of: ends) { estimates.append(("the centroid of the cut ends", centroid)) }
        return estimates
    }

    /// Where a way that went straight would have been `metres` before the first point of
    /// `line`: back against the heading from it to its first point 20 m away.
    public static func walkBack(from line: [Point], metres: Double) -> Point? {
        guard let start = line.first, let ahead = line.first(where: { $0.distance(to: start) >= 20 }) else { return nil }
        let length = ahead.distance(to: start)
        return Point(x: start.x - metres * (ahead.x - start.x) / length, y: start.y - metres * (ahead.y - start.y) / length)
    }

    /// Where a way that went on straight would be `metres` after the last point of `line`.
    public static func walkOn(from line: [Point], metres: Double) -> Point? {
        walkBack(from: line.reversed(), metres: metres)
    }

    /// The centre of the circle that fits `points` best: least squares on
    /// x² + y² + Dx + Ey + F = 0 (Kåsa's fit), about the points' mean; nil for fewer than
    /// three points or points in a line.
    public static func circleCentre(through points: [Point]) -> Point? {
        guard points.count >= 3, let mean = centroid(of: points) else { return nil }
        // The normal equations of the fit, in coordinates about the mean.
        var a = [[Double]](repeating: [0, 0, 0, 0], count: 3)
        for point in points {
            let x = point.x - mean.x, y = point.y - mean.y
            let row = [x, y, 1.0], rhs = -(x * x + y * y)
            for i in 0..<3 {
                for j in 0..<3 { a[i][j] += row[i] * row[j] }
                a[i][3] += row[i] * rhs
            }
        }
        // Gaussian elimination with partial pivoting.
        for column in 0..<3 {
            guard let pivot = (column..<3).max(by: { abs(a[$0][column]) < abs(a[$1][column]) }), abs(a[pivot][column]) > 1e-9 else { return nil }
            a.swapAt(column, pivot)
            for row in 0..<3 where row != column {
                let factor = a[row][column] / a[column][column]
                for k in column..<4 { a[row][k] -= factor * a[column][k] }
            }
        }
        return Point(x: mean.x - a[0][3] / a[0][0] / 2, y: mean.y - a[1][3] / a[1][1] / 2)
    }

    /// The mean of `points`; nil for none.
    public static func centroid(of points: [Point]) -> Point? {
        guard !points.isEmpty else { return nil }
        let count = Double(points.count)
        return Point(x: points.reduce(0) { $0 + $1.x } / count, y: points.reduce(0) { $0 + $1.y } / count)
    }
}
