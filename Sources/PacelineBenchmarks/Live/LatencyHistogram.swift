/// Latencies counted in fixed buckets, so recording one costs an increment and memory
/// stays the same however many are recorded: 0.1 ms wide up to 1 s, 10 ms wide from
/// there to 60 s, and one bucket beyond. Quantiles are read as a bucket's upper edge, so
/// they err high by less than a bucket; the maximum is exact.
public struct LatencyHistogram: Sendable, Hashable {
    private static let fineWidth = 0.1, fineLimit = 1_000.0
    private static let coarseWidth = 10.0, coarseLimit = 60_000.0
    private static let fineBuckets = Int(fineLimit / fineWidth)
    private static let bucketCount = fineBuckets + Int((coarseLimit - fineLimit) / coarseWidth) + 1

    private var buckets = [Int](repeating: 0, count: LatencyHistogram.bucketCount)
    public private(set) var count = 0
    /// The largest latency recorded, milliseconds (0 when none).
    public private(set) var maximum = 0.0

    public init() {}

    /// Counts one latency of `milliseconds` (negative ones as 0).
    public mutating func record(milliseconds: Double) {
        let value = max(milliseconds, 0)
        buckets[Self.bucket(of: value)] += 1
        count += 1
        maximum = max(maximum, value)
    }

    /// Adds everything `other` counted.
    public mutating func merge(_ other: LatencyHistogram) {
        for index in buckets.indices { buckets[index] += other.buckets[index] }
        count += other.count
        maximum = max(maximum, other.maximum)
    }

    /// The `fraction` quantile (nearest rank), milliseconds; 0 when nothing was recorded.
    public func quantile(_ fraction: Double) -> Double {
        guard count > 0 else { return 0 }
        let rank = min(count, max(1, Int((fraction * Double(count)).rounded(.up))))
        var seen = 0
        for (index, inBucket) in buckets.enumerated() {
            seen += inBucket
            if seen >= rank { return min(Self.upperEdge(of: index), maximum) }
        }
        return maximum
    }

    private static func bucket(of milliseconds: Double) -> Int {
        if milliseconds < fineLimit { return Int(milliseconds / fineWidth) }
        if milliseconds < coarseLimit { return fineBuckets + Int((milliseconds - fineLimit) / coarseWidth) }
        return bucketCount - 1
    }

    private static func upperEdge(of bucket: Int) -> Double {
        if bucket < fineBuckets { return Double(bucket + 1) * fineWidth }
        if bucket < bucketCount - 1 { return fineLimit + Double(bucket - fineBuckets + 1) * coarseWidth }
        return .infinity
    }
}
