import Foundation

extension Activity {
    /// The activity with the distance its device counted at every timed fix, where the
    /// file says what the device counted: that is the distance, whatever the positions say,
    /// and the positions draw the map (`TrackProfile` takes the odometer where every kept
    /// fix has a reading). From, in this order:
    /// 1. the records' own readings (FIT `record.distance`, TCX `DistanceMeters`), never
    ///    going back in time order: a fix without one (a watch saving battery writes a
    ///    position on a third of its records but its count on all) takes the reading
    ///    interpolated in time between the readings around it; the records before the first
    ///    reading start from 0 at the first timed record (a device counts from zero), unless
    ///    that needs a speed above `SportThresholds.maximumSpeed`, and those after the last
    ///    keep it;
    /// 2. else, when no record has a reading, its laps' distances (a Suunto Spartan's TCX: laps with the watch's distance,
    ///    trackpoints without), or else its session's total as one lap from the first timed
    ///    fix: each lap's metres spread over its time, when the laps span the track's time
    ///    to within a tenth (and a minute), so that a lap cut short of its track (sample.tcx:
    ///    a lap of 8.3 km over 39 minutes, 24 minutes of trackpoints) says nothing.
    ///
    /// A file without any of these, or whose readings go back, comes back as it was.
    /// - Complexity: O(n log k) in the fixes and the k readings (or laps).
    public func countingDeviceDistance() -> Activity {
        let timed = track.segments.joined().compactMap { $0.time?.timeIntervalSince1970 }
        guard let first = timed.min(), let last = timed.max() else { return self }
        let hasReadings = track.segments.joined().contains { $0.distance != nil }
        guard let knots = hasReadings ? recordKnots(from: first) : lapKnots(from: first, to: last), !knots.isEmpty else { return self }
        var counted = self
        for s in counted.track.segments.indices {
            for k in counted.track.segments[s].indices where counted.track.segments[s][k].distance == nil {
                guard let time = counted.track.segments[s][k].time?.timeIntervalSince1970 else { continue }
                counted.track.segments[s][k].distance = Self.reading(at: time, knots)
            }
        }
        return counted
    }

    /// A time and what the device had counted by then.
    private struct Knot {
        var time: Double
        var metres: Double
    }

    /// The count at `time`: interpolated between the knots around it, the nearest beyond
    /// the ends. - Complexity: O(log k) in the knots.
    private static func reading(at time: Double, _ knots: [Knot]) -> Double {
        var low = 0, high = knots.count  // the first knot at or after `time`
        while low < high {
            let middle = (low + high) / 2
            if knots[middle].time < time { low = middle + 1 } else { high = middle }
        }
        guard low < knots.count else { return knots[knots.count - 1].metres }
        let after = knots[low]
        guard low > 0, after.time > time else { return after.metres }
        let before = knots[low - 1]
        return before.metres + (after.metres - before.metres) * (time - before.time) / (after.time - before.time)
    }

    /// The records' readings in time order, from 0 at `first` when the first reading comes
    /// later; nil when no record has one or they go back.
    private func recordKnots(from first: Double) -> [Knot]? {
        var knots: [Knot] = []
        for fix in track.segments.joined() {
            guard let time = fix.time?.timeIntervalSince1970, let metres = fix.distance else { continue }
            if let previous = knots.last, time < previous.time || metres < previous.metres { return nil }
            knots.append(Knot(time: time, metres: metres))
        }
        guard let opening = knots.first else { return nil }
        if opening.time > first, opening.metres <= SportThresholds.for(sport).maximumSpeed * (opening.time - first) {
            knots.insert(Knot(time: first, metres: 0), at: 0)
        }
        return knots
    }

    /// The laps' cumulative distances at their starts and the last one's end (or the
    /// session's total over its time from `first`), when they span the track's time from
    /// `first` to `last` to within a tenth and a minute.
    private func lapKnots(from first: Double, to last: Double) -> [Knot]? {
        var laps = self.laps.compactMap { lap -> (start: Double, seconds: Double, metres: Double)? in
            guard let start = lap.startTime?.timeIntervalSince1970, let seconds = lap.timerSeconds, let metres = lap.distanceMeters,
                  seconds > 0, metres >= 0 else { return nil }
            return (start, seconds, metres)
        }
        if laps.count != self.laps.count || laps.isEmpty {
            guard let total = deviceTotals, let metres = total.distanceMeters, metres > 0,
                  let seconds = total.elapsedSeconds ?? total.timerSeconds, seconds > 0 else { return nil }
            laps = [(first, seconds, metres)]
        }
        laps.sort { $0.start < $1.start }
        let end = laps[laps.count - 1].start + laps[laps.count - 1].seconds
        let span = last - first, slack = 0.1 * span + 60
        guard abs(laps[0].start - first) <= slack, abs(end - last) <= slack else { return nil }
        var knots: [Knot] = []
        var metres = 0.0
        for lap in laps {
            knots.append(Knot(time: lap.start, metres: metres))
            metres += lap.metres
        }
        knots.append(Knot(time: max(end, knots[knots.count - 1].time), metres: metres))
        return knots
    }
}
