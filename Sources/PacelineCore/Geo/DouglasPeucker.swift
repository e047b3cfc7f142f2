/// Simplifies a polyline: Douglas–Peucker keeps the points that lie farther than a
/// tolerance from the line through their neighbours that are kept.
///
/// ```swift
/// DouglasPeucker.keptIndices([(0, 0), (1, 0.1), (2, 0)], tolerance: 0.5)  // [0, 2]
/// ```
public enum DouglasPeucker {
    /// The indices of `points` kept at `tolerance` (in the points' units), first and last
    /// included, and at most `maximumCount` of them (at least 2): when more points stand
    /// out than that, the ones that stand out most are kept.
    ///
    /// Each point gets the distance at which the recursion split on it, capped by its
    /// parent's (so a kept point's parents are kept too); the points above the tolerance
    /// with the largest such weights are the answer, in order.
    /// - Complexity: O(n log n) typically, O(n²) at worst (a spiral); iterative, no recursion depth limit.
    public static func keptIndices(_ points: [(x: Double, y: Double)], tolerance: Double, maximumCount: Int = .max) -> [Int] {
        keptIndices(count: points.count, tolerance: tolerance, maximumCount: maximumCount) { index, first, last in
            Planar.projection(of: points[index], ontoSegment: points[first], points[last]).distance
        }
    }

    /// The same for `count` points measured by `distance(index, first, last)`: how far the
    /// point at `index` lies from the segment between the points at `first` and `last`
    /// (e.g. metres on the ground, `Geodesy.projection`).
    /// - Complexity: as above, in calls of `distance`.
    public static func keptIndices(count: Int, tolerance: Double, maximumCount: Int = .max,
                                   distance: (_ index: Int, _ first: Int, _ last: Int) -> Double) -> [Int] {
        guard count > 2 else { return Array(0..<count) }
        var weight = [Double](repeating: -1, count: count)
        weight[0] = .infinity
        weight[count - 1] = .infinity
        var stack = [(first: 0, last: count - 1, cap: Double.infinity)]
        while let (first, last, cap) = stack.popLast() {
            guard last > first + 1 else { continue }
            var farthest = first + 1
            var farthestDistance = -1.0
            for index in (first + 1)..<last {
                let d = distance(index, first, last)
                if d > farthestDistance { farthest = index; farthestDistance = d }
            }
            let split = min(cap, farthestDistance)
            guard split > tolerance else { continue }
            weight[farthest] = split
            stack.append((first, farthest, split))
            stack.append((farthest, last, split))
        }
        var kept = weight.indices.filter { weight[$0] > tolerance }
        let limit = max(2, maximumCount)
        if kept.count > limit {
            let threshold = kept.map { weight[$0] }.sorted(by: >)[limit - 1]
            var room = limit - kept.filter { weight[$0] > threshold }.count
            kept = kept.filter { index in
                if weight[index] > threshold { return true }
                guard weight[index] == threshold, room > 0 else { return false }
                room -= 1
                return true
            }
        }
        return kept
    }
}
