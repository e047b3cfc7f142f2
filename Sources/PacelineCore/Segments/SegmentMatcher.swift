import Foundation

/// Finds a run's efforts on segments: where it passed a segment's start gate, followed
/// the segment's way forward and passed its end gate (docs/ALGORITHMS.md, "Segment
/// matching").
///
/// Made once per run, from its checkpoints, with a grid over them; each segment then
/// costs a lookup at its two gates plus a walk along the run's stretch between them, never
/// a pass over the whole run.
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

    /// A matcher for the run with these checkpoints (`Normalization.checkpoints(of:)`).
    /// - Complexity: O(n).
    public init(run: [Checkpoint], configuration: Configuration = Configuration()) {
        self.run = run
        self.configuration = configuration
        // A leg within the gate radius of a point has an end within the radius plus half
        // a checkpoint spacing of it, so these cells find it.
        index = CheckpointIndex(run, cellSize: max(configuration.gateRadius, configuration.matchRadius) + Normalization.spacing)
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
        guard run.count >= 2 else { return [] }
        let starts = passages(by: path.start), ends = passages(by: path.end)
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
    private func passages(by gate: Coordinate) -> [Passage] {
        var legs = Set<Int>()
        for i in index.candidates(near: gate) {
            if i > 0 { legs.insert(i - 1) }
            if i + 1 < run.count { legs.insert(i) }
        }
        var found: [Passage] = []
        var previous = -2
        for leg in legs.sorted() where !isGap(leg) {
            let a = run[leg], b = run[leg + 1]
            let (meters, fraction) = Geodesy.projection(of: gate, ontoStepFrom: a.coordinate, to: b.coordinate)
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
    private func follows(_ path: SegmentPath, from start: Passage, to end: Passage) -> Bool {
        let allowedMisses = Int((Double(path.points.count) * (1 - configuration.minimumCoverage)).rounded(.down))
        let origin = distance(at: start)
        var misses = 0, leg = start.leg
        for (point, along) in zip(path.points, path.distances) {
            let reach = origin + along * (1 + configuration.detourShare) + configuration.detourSlack
            var probe = leg
            var matched: Int?
            while probe <= end.leg, run[probe].distance <= reach {
                if !isGap(probe), Geodesy.projection(of: point, ontoStepFrom: run[probe].coordinate,
                                      to: run[probe + 1].coordinate).meters <= configuration.matchRadius {
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
        let a = run[leg], b = run[leg + 1]
        return b.distance - a.distance > 2 * Normalization.spacing
            || Geodesy.distance(a.coordinate, b.coordinate) > 2 * Normalization.spacing
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
