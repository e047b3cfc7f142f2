import Foundation

extension Track {
    /// The fastest the positions may move across a clock jump, m/s: the fastest sport's cap
    /// (`SportThresholds.for(.other)`), as a reader does not know the sport for certain.
    static let clockJumpSpeed = 70.0
    /// Seconds from which a jump of the clock across which the positions run on is a clock
    /// being set: a day, so that a night in one segment, its first fix a few metres of GPS
    /// drift from its last, is never taken for one (a clock set from GPS is off by years,
    /// a rollover by decades).
    static let clockSetJump = 24 * 3600.0

    /// The track with the jumps of its device's clock taken out: where, inside a segment, the
    /// time from one timed fix to the next jumps by `clockSetJump` (a day) or more,
    /// forwards or backwards, while the positions (and the odometer, where both fixes have
    /// one) run on as in the interval before (moving at `ElapsedTime.stillSpeed` or faster,
    /// no faster than `clockJumpSpeed`), the clock was set, not the athlete gone: an Edge 500
    /// whose clock is set from GPS 1.1 km into a ride writes every later record two years on.
    /// Every fix before the jump is moved onto the clock after it (the clock a device sets
    /// from GPS is the right one, and the file's session and laps are on it), so that the
    /// jump takes as long as the interval before it; a night spent in one place (positions
    /// still) and a break between segments are left as they are.
    /// - Complexity: O(n) in the fixes.
    public func rebasingClockJumps() -> Track {
        // The seconds to add to every fix before each jump, found in file order.
        var jumps: [(segment: Int, index: Int, seconds: Double)] = []
        for (s, segment) in segments.enumerated() {
            var previous: (index: Int, interval: Double)?  // the last timed fix and the interval before it
            for (k, fix) in segment.enumerated() {
                guard let time = fix.time?.timeIntervalSince1970 else { continue }
                defer {
                    let interval = previous.flatMap { segment[$0.index].time }.map { time - $0.timeIntervalSince1970 }
                    previous = (k, interval.map { max(1, abs($0)) } ?? 1)
                }
                guard let before = previous, let then = segment[before.index].time?.timeIntervalSince1970,
                      abs(time - then) >= Self.clockSetJump,
                      Self.runsOn(from: segment[before.index], to: fix, within: before.interval) else { continue }
                jumps.append((s, k, (time - then) - before.interval))
            }
        }
        guard !jumps.isEmpty else { return self }
        var rebased = segments
        var offset = 0.0
        var next = jumps.count - 1
        for s in rebased.indices.reversed() {
            for k in rebased[s].indices.reversed() {
                while next >= 0, jumps[next].segment > s || (jumps[next].segment == s && jumps[next].index > k) {
                    offset += jumps[next].seconds
                    next -= 1
                }
                if offset != 0, let time = rebased[s][k].time { rebased[s][k].time = time.addingTimeInterval(offset) }
            }
        }
        return Track(segments: rebased)
    }

    /// Whether the way from `a` to `b` is one interval of `seconds` of moving on: both have
    /// positions, moved at least `ElapsedTime.stillSpeed` and at most `clockJumpSpeed`, and
    /// the odometer (where both have it) grew no faster.
    private static func runsOn(from a: Fix, to b: Fix, within seconds: Double) -> Bool {
        guard let from = a.coordinate, let to = b.coordinate, from.isValid, to.isValid else { return false }
        let metres = Geodesy.distance(from, to)
        guard metres >= ElapsedTime.stillSpeed * seconds, metres <= clockJumpSpeed * seconds else { return false }
        if let counted = a.distance, let counting = b.distance {
            return counting >= counted && counting - counted <= clockJumpSpeed * seconds
        }
        return true
    }
}
