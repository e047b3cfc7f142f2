import Foundation

extension Track {
    /// Where the recording stopped between two of its segments (a pause, or a device's new
    /// segment): each from the last timed fix before the break to the first timed fix after
    /// it, in seconds since the track's first timed fix (the clock `Normalization.checkpoints`
    /// times a run by). Breaks of no time are left out.
    /// - Complexity: O(n) in the number of fixes.
    public var breaks: [ClosedRange<Double>] {
        guard let origin = segments.lazy.flatMap({ $0 }).first(where: { $0.time != nil })?.time else { return [] }
        var breaks: [ClosedRange<Double>] = []
        var lastTime: Date?
        for segment in segments {
            guard let first = segment.first(where: { $0.time != nil })?.time else { continue }
            if let lastTime, first > lastTime {
                breaks.append(lastTime.timeIntervalSince(origin)...first.timeIntervalSince(origin))
            }
            lastTime = segment.last(where: { $0.time != nil })?.time ?? lastTime
        }
        return breaks
    }
}
