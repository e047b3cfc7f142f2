import Foundation

/// Finds a run's efforts on segments: where it passed a segment's start gate, followed
/// the segment's way forward and passed its end gate (docs/ALGORITHMS.md, "Segment
/// matching").
///
/// Made once per run, from its checkpoints, with a grid over them and their places on a
/// flat map of the run's area (`LocalPlane`); each segment then costs a lookup at its two
/// gates plus a walk along the run's stretch between them, never a pass over the whole
/// run, and no trigonometry per point.
///
/// ```swift
/// let matcher = SegmentMatcher(run: try Normalization.checkpoints(of: activity))
/// for effort in matcher.efforts(on: path) { print(effort.elapsedSeconds) }
/// ```
public struct SegmentMatcher: Sendable {
    /// The tunable constants of matching.
    public struct Configuration: Sendable, Hashable {
        /// A run passes a gate when its way comes within this many metres of the
        /// segment's start or end: phone GPS error on a street.
        public var gateRadius = 25.0
        /// A segment point is covered when the run's way passes within this many metres
        /// of it (as for following a route, `FollowSession.Configuration.matchRadius`).
        public var matchRadius = 30.0
        /// The least share of the segment's points the run must cover, in order.
        public var minimumCoverage = 0.9
        /// Between the gates the run may cover at most this share more than the segment,
        /// plus `detourSlack` metres: a detour round a block is not the segment.
        public var detourShare = 0.2
        public var detourSlack = 50.0

        public init() {}
    }

    /// A run's pass by a gate: the leg of the run's checkpoints closest to it, and where
    /// along that leg.
    private struct Passage {
        var leg: Int
        var fraction: Double
        var meters: Double
    }

    public let run: [Checkpoint]
    public let configuration: Configuration
    private let index: CheckpointIndex
    private let plane: LocalPlane
    /// The checkpoints on `plane`.
    private let places: [(x: Double, y: Double)]

    /// A matcher for the run with these checkpoints (`Normalization.checkpoints(of:)`).
    /// - Complexity: O(n).
    public init(run: [Checkpoint], configuration: Configuration = Configuration()) {
        self.run = run
        self.configuration = configuration
        // A leg within the gate radius of a point has an end within the radius plus half
        // a checkpoint spacing of it, so these cells find it.
        index = CheckpointIndex(run, cellSize: max(configuration.gateRadius, configuration.matchRadius) + Normalization.spacing)
        let plane = LocalPlane(origin: run.first?.coordinate ?? Coordinate(latitude: 0, longitude: 0))
        self.plane = plane
        places = run.map { plane.point($0.coordinate) }
    }

    /// The cells this run's segments may start and end in (`SegmentCell`): what to look up.
    /// A leg within the gate radius of a gate may have both its ends half a checkpoint
    /// spacing farther.
    public var cellKeys: Set<Int64> {
        SegmentCell.keys(near: run, reach: configuration.gateRadius + Normalization.spacing / 2)
    }

    /// The run's efforts on the segment with `path`, in the order run. An effort starts at
    /// a pass by the start gate and ends at the first later pass by the end gate after at
    /// least half the segment's length, when the run between them covers
    /// `minimumCoverage` of the segment's points in order without a detour; the next
    /// effort starts where it ends or later.
    /// - Complexity: O(g + s) for g legs near the gates and s legs between them.
    public func efforts(on path: SegmentPath) -> [SegmentEffort] {
        efforts(along: path.points)
    }

    /// The run's efforts on the segment through `points` (`SegmentPath.points`, as stored),
    /// measured along them on the run's flat map.
    public func efforts(along points: [Coordinate]) -> [SegmentEffort] {
        guard run.count >= 2, points.count >= 2 else { return [] }
        let path = Way(points.map(plane.point))
        let starts = passages(by: points[0], at: path.places[0]), ends = passages(by: points[points.count - 1], at: path.places[path.places.count - 1])
        var efforts: [SegmentEffort] = []
        // The run's distance at the last effort's end: the next starts after it, or at
        // the same gate (a loop's end is the next lap's start).
        var free = -Double.infinity
        for start in starts {
            let startDistance = distance(at: start)
            guard startDistance >= free - configuration.gateRadius else { continue }
            let longest = path.length * (1 + configuration.detourShare) + configuration.detourSlack
            for end in ends where end.leg >= start.leg {
                let covered = distance(at: end) - startDistance
                if covered < path.length / 2 { continue }
                if covered > longest { break }
                guard follows(path, from: start, to: end) else { continue }
                efforts.append(SegmentEffort(startElapsed: elapsed(at: start), endElapsed: elapsed(at: end),
                                             startDistance: startDistance, endDistance: distance(at: end)))
                free = distance(at: end)
                break
            }
        }
        return efforts
    }

    /// The run's passes by `gate`: each stretch of consecutive legs within the gate radius,
    /// at its leg closest to the gate. Legs longer than twice the checkpoint spacing (the
    /// jump over a gap in the recording) pass nothing.
    private func passages(by gate: Coordinate, at place: (x: Double, y: Double)) -> [Passage] {
        var legs = Set<Int>()
        for i in index.candidates(near: gate) {
            if i > 0 { legs.insert(i - 1) }
            if i + 1 < run.count { legs.insert(i) }
        }
        var found: [Passage] = []
        var previous = -2
        for leg in legs.sorted() where !isGap(leg) {
            let (meters, fraction) = Planar.projection(of: place, ontoSegment: places[leg], places[leg + 1])
            guard meters <= configuration.gateRadius else { continue }
            let passage = Passage(leg: leg, fraction: fraction, meters: meters)
            if leg == previous + 1, let last = found.last {
                if meters < last.meters { found[found.count - 1] = passage }
            } else {
                found.append(passage)
            }
            previous = leg
        }
        return found
    }

    /// Whether the run between `start` and `end` passes `minimumCoverage` of the path's
    /// points in order: for each point, the first leg on from the last one matched that
    /// comes within the match radius, looked for no farther along the run than the point
    /// is along the segment (plus the detour allowance); the jump over a gap covers
    /// nothing. Gives up once too many are missed.
    private func follows(_ path: Way, from start: Passage, to end: Passage) -> Bool {
        let allowedMisses = Int((Double(path.places.count) * (1 - configuration.minimumCoverage)).rounded(.down))
        let origin = distance(at: start)
        var misses = 0, leg = start.leg
        for (point, along) in zip(path.places, path.distances) {
            let reach = origin + along * (1 + configuration.detourShare) + configuration.detourSlack
            var probe = leg
            var matched: Int?
            while probe <= end.leg, run[probe].distance <= reach {
                if !isGap(probe), Planar.projection(of: point, ontoSegment: places[probe], places[probe + 1]).distance
                    <= configuration.matchRadius {
                    matched = probe
                    break
                }
                probe += 1
            }
            if let matched { leg = matched } else {
                misses += 1
                if misses > allowedMisses { return false }
            }
        }
        return true
    }

    /// Whether the leg from checkpoint `leg` to the next is longer than twice the checkpoint
    /// spacing: the jump over a gap in the recording, which passes and covers nothing.
    private func isGap(_ leg: Int) -> Bool {
        let a = places[leg], b = places[leg + 1], limit = 2 * Normalization.spacing
        let dx = b.x - a.x, dy = b.y - a.y
        return run[leg + 1].distance - run[leg].distance > limit || dx * dx + dy * dy > limit * limit
    }

    /// A segment's points on the run's flat map, and the distance of each from its start.
    private struct Way {
        var places: [(x: Double, y: Double)]
        var distances: [Double]
        var length: Double { distances[distances.count - 1] }

        init(_ places: [(x: Double, y: Double)]) {
            self.places = places
            var distances = [0.0]
            distances.reserveCapacity(places.count)
            for i in places.indices.dropFirst() {
                let dx = places[i].x - places[i - 1].x, dy = places[i].y - places[i - 1].y
                distances.append(distances[i - 1] + (dx * dx + dy * dy).squareRoot())
            }
            self.distances = distances
        }
    }

    private func distance(at passage: Passage) -> Double {
        let a = run[passage.leg], b = run[passage.leg + 1]
        return a.distance + passage.fraction * (b.distance - a.distance)
    }

    private func elapsed(at passage: Passage) -> Double {
        let a = run[passage.leg], b = run[passage.leg + 1]
        return a.elapsed + passage.fraction * (b.elapsed - a.elapsed)
    }
}
