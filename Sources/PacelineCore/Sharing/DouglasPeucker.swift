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
        guard points.count > 2 else { return Array(points.indices) }
        var weight = [Double](repeating: -1, count: points.count)
        weight[0] = .infinity
        weight[points.count - 1] = .infinity
        var stack = [(first: 0, last: points.count - 1, cap: Double.infinity)]
        while let (first, last, cap) = stack.popLast() {
            guard last > first + 1 else { continue }
            var farthest = first + 1
            var farthestDistance = -1.0
            for index in (first + 1)..<last {
                let distance = squaredDistance(points[index], fromSegment: points[first], points[last])
                if distance > farthestDistance { farthest = index; farthestDistance = distance }
            }
            let split = min(cap, farthestDistance.squareRoot())
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

    private static func squaredDistance(_ p: (x: Double, y: Double), fromSegment a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = dx * dx + dy * dy
        var t = length > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / length : 0
        t = min(1, max(0, t))
        let ex = a.x + t * dx - p.x, ey = a.y + t * dy - p.y
        return ex * ex + ey * ey
    }
}
