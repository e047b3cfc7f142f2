import Foundation

/// When an activity started and ended, and the wall-clock time it took, with what a
/// device's clock got wrong left out:
/// - times are taken in order, whatever order the file holds them in: a clock that went
///   backwards, tracks out of order or a track written twice add nothing;
/// - a gap of `clockJump` seconds or more across which nothing moved (slower than
///   `stillSpeed`, or no position on either side) is a jump of the clock, not time spent;
/// - records after the last position (a watch saving minutes after the finish) don't
///   stretch an activity that has positions.
public struct ElapsedTime: Sendable, Hashable {
    /// Seconds from which a motionless gap is a jump of the clock.
    public static let clockJump = 3 * 3600.0
    /// m/s below which nothing moved across a gap.
    public static let stillSpeed = 0.2

    public var start: Date
    public var end: Date
    /// Seconds from `start` to `end`, less the clock's jumps.
    public var seconds: Double

    /// The elapsed time of `track`; nil when no fix has a time.
    /// - Complexity: O(n) for fixes in time order, O(n log n) otherwise.
    public init?(_ track: Track) {
        var stamps: [Stamp] = []
        stamps.reserveCapacity(track.fixCount)
        var lastPositioned: Int?
        for fix in track.segments.joined() {
            guard let time = fix.time else { continue }
            let position = fix.coordinate.flatMap { $0.isValid ? $0 : nil }
            if position != nil { lastPositioned = stamps.count }
            stamps.append(Stamp(time: time.timeIntervalSince1970, position: position))
        }
        if let lastPositioned { stamps.removeSubrange((lastPositioned + 1)...) }
        guard !stamps.isEmpty else { return nil }
        if zip(stamps, stamps.dropFirst()).contains(where: { $0.time > $1.time }) { stamps.sort { $0.time < $1.time } }
        var seconds = 0.0
        var lastPosition: Stamp? = stamps[0].position != nil ? stamps[0] : nil
        var nextPosition = 0  // moves forward only: the scans for long gaps cost O(n) in all
        for i in stamps.indices.dropFirst() {
            let gap = stamps[i].time - stamps[i - 1].time
            if gap >= Self.clockJump {
                nextPosition = max(nextPosition, i)
                while nextPosition < stamps.count, stamps[nextPosition].position == nil { nextPosition += 1 }
            }
            if gap < Self.clockJump || Self.moved(from: lastPosition, to: nextPosition < stamps.count ? stamps[nextPosition] : nil) {
                seconds += gap
            }
            if stamps[i].position != nil { lastPosition = stamps[i] }
        }
        start = Date(timeIntervalSince1970: stamps[0].time)
        end = Date(timeIntervalSince1970: stamps[stamps.count - 1].time)
        self.seconds = seconds
    }

    /// A timed fix, reduced to what the elapsed time needs.
    private struct Stamp {
        var time: Double
        var position: Coordinate?
    }

    /// Whether the way from `a` to `b` was covered at `stillSpeed` or faster.
    private static func moved(from a: Stamp?, to b: Stamp?) -> Bool {
        guard let a, let b, let from = a.position, let to = b.position, b.time > a.time else { return false }
        return Geodesy.distance(from, to) / (b.time - a.time) >= stillSpeed
    }
}
