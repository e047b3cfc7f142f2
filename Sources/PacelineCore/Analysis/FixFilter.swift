import Foundation

/// Drops the fixes no statistic should see, and counts why.
///
/// A segment whose clock is broken (three or more fixes, all times within one second)
/// first loses its times. Then, per segment against the last *kept* fix:
/// 1. no coordinate, or one off the Earth (NaN, a latitude past 90°) → not positioned
///    (kept out of distance, still used for heart rate);
/// 2. horizontal accuracy worse than `maximumAccuracy` (default 50 m) → dropped;
/// 3. no time in a segment whose other fixes have times → dropped (its speed can't be
///    checked, and one untimed fix would leave the whole segment untimed);
/// 4. time earlier than the last kept fix → time reversal, dropped;
/// 5. same time as the last kept fix → duplicate, dropped (a position repeated at a
///    later time is a real reading of standing still and is kept);
/// 6. time within the span of an earlier segment's kept fixes → overlapping, dropped
///    (a track written twice, laps that overlap: moving time never exceeds elapsed);
/// 7. implied speed above the sport's `maximumSpeed` → spike, dropped. If the next
///    `spikeRecovery` fixes all still disagree with the last kept one, the device
///    really moved (it lost signal in a tunnel, say): the segment is split there and
///    recording resumes, so the jump adds no distance and loses no fixes after it.
public struct FixFilter: Sendable {
    /// How many fixes were dropped, and why.
    public struct Counts: Sendable, Hashable, Codable {
        public var unpositioned = 0
        public var inaccurate = 0
        public var timeReversals = 0
        public var duplicates = 0
        public var spikes = 0
        /// Fixes whose times were ignored because their segment's clock was broken.
        public var untrustedTimes = 0
        /// Positioned fixes without a time in a segment with times.
        public var untimed = 0
        /// Fixes at a time an earlier segment already covered (a track written twice,
        /// laps that overlap).
        public var overlapping = 0
    }

    public var thresholds: SportThresholds
    /// Consecutive rejections after which a jump is accepted as real.
    public var spikeRecovery = 3

    public init(thresholds: SportThresholds) {
        self.thresholds = thresholds
    }

    /// The positioned, plausible fixes of `track`, in segments, with what was dropped.
    /// - Complexity: O(n) in the number of fixes.
    public func filter(_ track: Track) -> (segments: [FilteredSegment], counts: Counts) {
        var counts = Counts()
        var result: [FilteredSegment] = []
        var source = -1  // the fix's index in `track.fixes`
        var covered = CoveredTimes()  // the spans of the segments kept so far
        var firstCount: (reading: Double, time: Double)?  // the first timed record's reading
        for segment in track.segments {
            let trustsTimes = !Self.hasBrokenClock(segment)
            if !trustsTimes { counts.untrustedTimes += segment.count }
            let timed = trustsTimes && segment.contains { $0.time != nil }
            let firstOfSegment = result.count
            var kept = FilteredSegment(capacity: segment.count)
            var last: (coordinate: Coordinate, time: Date?)?  // the last kept fix
            var pending: [Spike] = []  // fixes rejected as spikes, in case the jump was real
            for fix in segment {
                source += 1
                if firstCount == nil, trustsTimes, let time = fix.time, let reading = fix.distance {
                    firstCount = (reading, time.timeIntervalSince1970)
                }
                guard let coordinate = fix.coordinate, coordinate.isValid else { counts.unpositioned += 1; continue }
                if let accuracy = fix.horizontalAccuracy, accuracy > thresholds.maximumAccuracy { counts.inaccurate += 1; continue }
                let time = trustsTimes ? fix.time : nil
                if timed, time == nil { counts.untimed += 1; continue }
                if let time, covered.contains(time.timeIntervalSince1970) { counts.overlapping += 1; continue }
                if let previous = last, let time, let lastTime = previous.time {
                    let seconds = time.timeIntervalSince(lastTime)
                    if seconds < 0 { counts.timeReversals += 1; continue }
                    if seconds == 0 {
                        counts.duplicates += 1
                        continue
                    }
                    if isTooFast(from: previous.coordinate, to: coordinate, in: seconds) {
                        pending.append(Spike(coordinate: coordinate, time: time, elevation: fix.elevation, deviceDistance: fix.distance, source: source))
                        if pending.count > spikeRecovery, isConsistent(pending) {
                            // A real jump: close the segment, start anew from the first pending fix.
                            result.append(kept)
                            kept = FilteredSegment()
                            for spike in pending {
                                kept.append(spike.coordinate, time: spike.time, elevation: spike.elevation, deviceDistance: spike.deviceDistance,
                                            source: spike.source)
                            }
                            last = (pending[pending.count - 1].coordinate, pending[pending.count - 1].time)
                            pending = []
                        }
                        continue
                    }
                }
                if !pending.isEmpty {
                    counts.spikes += pending.count
                    pending = []
                }
                kept.append(coordinate, time: time, elevation: fix.elevation, deviceDistance: fix.distance, source: source)
                last = (coordinate, time)
            }
            counts.spikes += pending.count
            if !kept.isEmpty { result.append(kept) }
            for kept in result.suffix(from: firstOfSegment) {
                if let times = kept.times, let first = times.first, let last = times.last { covered.insert(first...last) }
            }
        }
        if let firstCount, let start = result.first?.times?.first, firstCount.time < start {
            result[0].countedFrom = firstCount
        }
        return (result, counts)
    }

    /// A segment of three or more fixes whose times all fall within one second (a
    /// converter that wrote one bogus instant everywhere, like 1901-12-13T20:45:52):
    /// its times say nothing, so it is treated as untimed rather than as one instant.
    static func hasBrokenClock(_ segment: [Fix]) -> Bool {
        var timed = 0
        var first = Date.distantFuture, last = Date.distantPast
        for fix in segment {
            guard let time = fix.time else { continue }
            timed += 1
            first = min(first, time)
            last = max(last, time)
            if last.timeIntervalSince(first) >= 1 { return false }  // a working clock shows at once
        }
        return timed >= 3
    }

    /// Disjoint spans of time, in order.
    private struct CoveredTimes {
        private var spans: [ClosedRange<Double>] = []

        /// Whether `time` falls in a span. - Complexity: O(log k) in the spans.
        func contains(_ time: Double) -> Bool {
            var low = 0, high = spans.count
            while low < high {
                let middle = (low + high) / 2
                if spans[middle].upperBound < time { low = middle + 1 } else { high = middle }
            }
            return low < spans.count && spans[low].contains(time)
        }

        /// Adds `span`, merged with those it touches. - Complexity: O(log k) to find its
        /// place, O(1) for a span after all the others (segments in time order), O(k) at worst.
        mutating func insert(_ span: ClosedRange<Double>) {
            if let last = spans.last, last.upperBound < span.lowerBound {
                spans.append(span)
                return
            }
            // The first span that ends at or after `span` starts, and the first that starts after it ends.
            var low = 0, high = spans.count
            while low < high {
                let middle = (low + high) / 2
                if spans[middle].upperBound < span.lowerBound { low = middle + 1 } else { high = middle }
            }
            var end = low
            while end < spans.count, spans[end].lowerBound <= span.upperBound { end += 1 }
            let merged = low < end
                ? min(spans[low].lowerBound, span.lowerBound)...max(spans[end - 1].upperBound, span.upperBound)
                : span
            spans.replaceSubrange(low..<end, with: [merged])
        }
    }

    /// A fix rejected as too fast, kept aside in case the device really moved.
    private struct Spike {
        var coordinate: Coordinate
        var time: Date
        var elevation: Double?
        var deviceDistance: Double?
        var source: Int
    }

    /// Whether the rejected fixes form a plausible path among themselves.
    private func isConsistent(_ spikes: [Spike]) -> Bool {
        for (a, b) in zip(spikes, spikes.dropFirst()) {
            let seconds = b.time.timeIntervalSince(a.time)
            if seconds <= 0 || isTooFast(from: a.coordinate, to: b.coordinate, in: seconds) { return false }
        }
        return true
    }

    /// Whether going from `a` to `b` in `seconds` is faster than the sport allows.
    /// The cheap upper bound of the distance settles most steps without the exact one.
    private func isTooFast(from a: Coordinate, to b: Coordinate, in seconds: Double) -> Bool {
        Geodesy.distanceUpperBound(a, b) / seconds > thresholds.maximumSpeed
            && Geodesy.distance(a, b) / seconds > thresholds.maximumSpeed
    }
}
