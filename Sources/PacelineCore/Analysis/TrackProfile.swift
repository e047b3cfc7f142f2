import Foundation

/// The kept fixes of an activity with, at each, how far and how long the athlete had
/// moved: the common ground of distance, moving time, splits and maximum speed.
///
/// Moving or stopped is decided per interval between fixes from the straight-line
/// displacement over a window of `speedWindow` seconds around it (so GPS jitter while
/// standing, which wanders but goes nowhere, reads as stopped), compared with the
/// sport's `stoppedSpeed`; a stop shorter than `minimumPause` counts as moving.
///
/// Distance: positions are first averaged over `positionSmoothing` seconds (see
/// `smoothed`; 2 s on foot at walking pace, 4 s otherwise, never more than
/// `smoothingDistance` of travel), then summed in straight steps that end at a bend (a
/// fix more than `bendTolerance` off the step's line) or after `maximumStep` metres, so
/// what is left of the jitter cannot add length while a twisty trail keeps its bends;
/// while stopped, only the net displacement from where the stop began to where it ended
/// counts, never the jitter path, and it is spread over the stop's time.
///
/// A stop's distance is also given its time: what a stop's distance grew by beyond a
/// standing GPS's drift (`stopDrift`: a slow walk under the sport's `stoppedSpeed`, read as
/// a stop; a foot pod counting while the positions stood) counts as moving at
/// `stoppedSpeed` at most (see `timeStops`). So a slow stretch can't make a record, a split
/// or a maximum speed.
///
/// The device's odometer wins where it has one: in a segment whose every kept fix carries
/// the device's own distance (FIT record, TCX trackpoint), never decreasing, the distances
/// are the odometer's growth, as Garmin Connect and Strava show them, unless it ever grows
/// faster than the sport's `maximumSpeed`; across a break between two such segments, what
/// the odometer counted there is added too (see `bridge`), and so is what it counted on
/// records before the first position (`FilteredSegment.countedFrom`). The positions still decide
/// moving or stopped, and their own measure is kept as `gpsDistance`.
public struct TrackProfile: Sendable {
    /// The kept fixes of one segment with, at each, the cumulative values from the
    /// start of the activity, as columns (index k is the segment's k-th kept fix).
    public struct Segment: Sendable, Hashable {
        /// Seconds since 1970; nil for an untimed segment.
        public var times: [Double]?
        /// Metres above sea level, where the fix has an elevation.
        public var elevations: [Double?]
        /// Metres covered since the start (segment breaks add nothing).
        public var distances: [Double]
        /// Seconds spent moving since the start; nil for an untimed segment.
        public var movingTimes: [Double]?
        /// The smoothed positions the distance is measured along (the fixes' own for an untimed segment).
        public var positions: [Coordinate]
        /// Whether the interval that ended at each fix was spent moving (the first: false).
        public var moving: [Bool]

        /// Number of fixes.
        public var count: Int { distances.count }
    }

    /// Kept fixes per segment (segments with a single fix included).
    public private(set) var segments: [Segment]

    /// Profiles the filtered segments with `thresholds`.
    /// - Complexity: O(n): windows advance with two pointers.
    public init(segments filtered: [FilteredSegment], thresholds: SportThresholds) {
        var totals = Totals()
        totals.odometerSpeed = Self.odometerSpeed(filtered, maximumSpeed: thresholds.maximumSpeed)
        // What the device counted before the first position (records while the GPS found
        // itself) is bridged as a break is: the watch shows it.
        totals.odometer = filtered.first?.countedFrom
        segments = filtered.map { fixes in Self.profile(fixes, thresholds: thresholds, totals: &totals) }
        let timed = segments.contains { $0.movingTimes?.isEmpty == false }
        self.movingTime = timed ? totals.movingTime : nil
        gpsDistance = totals.gpsDistance
        isDeviceDistance = totals.odometered
    }

    /// Total metres covered.
    public var distance: Double { segments.last(where: { $0.count > 0 })?.distances.last ?? 0 }

    /// Total seconds moving over the timed segments; nil when no segment has times.
    public let movingTime: Double?

    /// Metres measured along the positions, whatever the device's odometer said.
    public let gpsDistance: Double

    /// Whether `distances` follow the device's own odometer in some segment.
    public let isDeviceDistance: Bool

    /// What carries over from one segment to the next.
    private struct Totals {
        var distance = 0.0
        var gpsDistance = 0.0
        var movingTime = 0.0
        /// The odometer's reading at the last fix of the previous segment, and its time.
        var odometer: (reading: Double, time: Double)?
        /// The latest time of every segment so far.
        var latestTime: Double?
        var odometered = false
        /// The odometer's average speed within the segments (see `odometerSpeed`).
        var odometerSpeed: Double?
    }

    /// Metres of slack in the odometer checks: a watch's odometer can leap a few tens of
    /// metres as its GPS settles (the fenix 2 run: 30 m in its second second).
    static let odometerSlack = 50.0

    /// Whether the odometer never grows faster than the sport allows, over any stretch of
    /// the segment, but for `odometerSlack` once: a faster reading is a broken (or forged)
    /// odometer, and the positions measure instead. Checked between every two fixes, not
    /// only neighbours: the slack allowed at every step let 50 m a step pass, a 400 m in 8 s.
    /// - Complexity: O(n): the growth beyond the sport's speed since any earlier fix is
    ///   `excess[k] - min(excess[j])`, with `excess = reading - maximumSpeed × time`.
    private static func isPlausible(_ readings: [Double], _ times: [Double], maximumSpeed: Double) -> Bool {
        var least = Double.infinity
        for k in readings.indices {
            let excess = readings[k] - maximumSpeed * times[k]
            if excess - least > odometerSlack { return false }
            least = min(least, excess)
        }
        return true
    }

    /// How much faster than its own average within the segments an odometer may count
    /// across a break: a rider in a tunnel may go downhill, a forged gap of hours may not.
    static let bridgeSpeedFactor = 2.0

    /// The odometer's average speed over the segments it is trusted in (growth over time,
    /// m/s); nil when no segment has a trusted odometer over any time.
    /// - Complexity: O(n).
    private static func odometerSpeed(_ filtered: [FilteredSegment], maximumSpeed: Double) -> Double? {
        var metres = 0.0, seconds = 0.0
        for fixes in filtered {
            guard let readings = fixes.deviceDistances, let times = fixes.times, fixes.count > 1,
                  isPlausible(readings, times, maximumSpeed: maximumSpeed) else { continue }
            metres += readings[fixes.count - 1] - readings[0]
            seconds += times[fixes.count - 1] - times[0]
        }
        return seconds > 0 ? metres / seconds : nil
    }

    /// What the odometer counted across a break, added to the distance: its growth, when
    /// the new segment starts after every earlier one has ended (a file's segments out of
    /// order never bridge, so time is spent once), no faster than the sport allows and no
    /// faster over the break than `bridgeSpeedFactor` times the odometer's own average
    /// within the segments (`average`): a wheel or foot sensor keeps counting under trees
    /// or through a tunnel, along a road longer than the straight line between the two
    /// ends; positions that stood still across a gap of hours, the odometer 100 km on,
    /// fill nothing. Otherwise nothing.
    private static func bridge(
        from end: (reading: Double, time: Double), to start: (reading: Double, time: Double),
        after latest: Double?, maximumSpeed: Double, average: Double?
    ) -> Double {
        let growth = start.reading - end.reading
        let seconds = start.time - end.time
        guard growth > 0, start.time >= latest ?? end.time, seconds > 0, let average,
              growth <= min(maximumSpeed, bridgeSpeedFactor * average) * seconds else { return 0 }
        return growth
    }

    private static func profile(_ fixes: FilteredSegment, thresholds: SportThresholds, totals: inout Totals) -> Segment {
        let n = fixes.count
        guard n > 0 else { return Segment(times: nil, elevations: [], distances: [], movingTimes: nil, positions: [], moving: []) }
        var (walked, movingTimes, positions, moving) = measured(fixes, thresholds: thresholds, movingTime: &totals.movingTime)
        totals.gpsDistance += walked[n - 1]
        var distances: [Double]
        if let readings = fixes.deviceDistances, let times = fixes.times,
           isPlausible(readings, times, maximumSpeed: thresholds.maximumSpeed) {
            // The odometer: its growth within the segment, and across the break before it
            // what it counted there (see `bridge`).
            let first = readings[0]
            if let last = totals.odometer {
                let bridged = bridge(from: last, to: (first, times[0]), after: totals.latestTime,
                                     maximumSpeed: thresholds.maximumSpeed, average: totals.odometerSpeed)
                // The device counted through the break, so the athlete was moving: the
                // bridged metres take their time, as a stop's do (see `timeStops`); a
                // bridge in no time made every record across it 0 s.
                if bridged > 0 {
                    let seconds = min(times[0] - last.time, bridged / thresholds.stoppedSpeed)
                    totals.movingTime += seconds
                    movingTimes = movingTimes?.map { $0 + seconds }
                }
                totals.distance += bridged
            }
            let base = totals.distance
            distances = readings.map { base + ($0 - first) }
            totals.odometer = (readings[n - 1], times[n - 1])
            totals.odometered = true
        } else {
            let base = totals.distance
            distances = walked.map { base + $0 }
            totals.odometer = nil
        }
        if let times = fixes.times, movingTimes != nil {
            totals.movingTime += timeStops(distances, times, moving, thresholds: thresholds, &movingTimes!)
        }
        totals.distance = distances[n - 1]
        if let last = fixes.times?.last { totals.latestTime = max(totals.latestTime ?? last, last) }
        return Segment(times: fixes.times, elevations: fixes.elevations, distances: distances, movingTimes: movingTimes,
                       positions: positions, moving: moving)
    }

    /// The metres walked along the positions from the segment's first fix to each, the
    /// moving seconds since the activity's start at each (nil when untimed), the smoothed
    /// positions and the moving flags; `movingTime` grows by the segment's.
    private static func measured(
        _ fixes: FilteredSegment, thresholds: SportThresholds, movingTime: inout Double
    ) -> (walked: [Double], movingTimes: [Double]?, positions: [Coordinate], moving: [Bool]) {
        let n = fixes.count
        let rawCoordinates = fixes.coordinates
        var distance = 0.0
        var distances = [Double]()
        distances.reserveCapacity(n)
        distances.append(distance)
        guard let times = fixes.times else {
            for k in 1..<n {
                distance += Geodesy.distance(rawCoordinates[k - 1], rawCoordinates[k])
                distances.append(distance)
            }
            return (distances, nil, rawCoordinates, [false] + Array(repeating: true, count: n - 1))
        }
        var movingTimes = [Double]()
        movingTimes.reserveCapacity(n)
        movingTimes.append(movingTime)
        guard n > 1 else { return (distances, movingTimes, rawCoordinates, [false]) }
        let coordinates = smoothed(rawCoordinates, times, halfWindow: thresholds.positionSmoothing / 2)
        let moving = movingIntervals(coordinates, times, thresholds)
        // Distance accrues from an anchor in straight steps along the (smoothed) positions:
        // a step ends at a bend (a fix since the anchor lying more than `bendTolerance` off
        // the straight line from the anchor to the newest), once `maximumStep` long, or when
        // moving stops or the segment ends. Jitter across a straight line adds nothing; the
        // bends of a twisty trail are kept. Stops never move the anchor, so a stop adds only
        // its net displacement.
        var anchor = coordinates[0]
        var since: [Int] = []
        var stopStart: Int?  // the fix a stop began at, while stopped
        for k in 1..<n {
            var here = distance
            if moving[k] {
                if let start = stopStart {
                    // Moving again: the stop's net displacement is spread over its time, so a
                    // slow stretch read as a stop never lands in one step.
                    distance = spread(stopFrom: start, to: k - 1, coordinates, times, &distances)
                    anchor = coordinates[k - 1]
                    since.removeAll(keepingCapacity: true)
                    stopStart = nil
                }
                movingTime += times[k] - times[k - 1]
                if let bend = farthest(since, of: coordinates, from: anchor, to: coordinates[k]), bend.offset > bendTolerance {
                    distance += Geodesy.distance(anchor, coordinates[since[bend.at]])
                    anchor = coordinates[since[bend.at]]
                    since.removeFirst(bend.at + 1)
                }
                let step = Geodesy.distance(anchor, coordinates[k])
                let closes = k == n - 1 || !moving[k + 1]
                if step >= maximumStep || since.count >= maximumStepFixes || closes {
                    distance += step
                    anchor = coordinates[k]
                    since.removeAll(keepingCapacity: true)
                    here = max(distances[k - 1], distance)
                } else {
                    since.append(k)
                    here = max(distances[k - 1], distance + step)
                }
            } else {
                if stopStart == nil { stopStart = k - 1 }
                here = distances[k - 1]
            }
            distances.append(here)
            movingTimes.append(movingTime)
        }
        var movingFlags = moving
        movingFlags[0] = false
        return (distances, movingTimes, coordinates, movingFlags)
    }

    /// Metres a standing athlete's smoothed position drifts over a stop: a stop whose
    /// distance grew no more than this went nowhere, and takes no moving time.
    static let stopDrift = 20.0

    /// Spreads a stop's net displacement, from fix `start` (where it began) to fix `end`
    /// (its last), over its time: the distance at each fix of the stop grows with the
    /// seconds since it began. Returns the distance at `end`.
    private static func spread(
        stopFrom start: Int, to end: Int, _ coordinates: [Coordinate], _ times: [Double], _ distances: inout [Double]
    ) -> Double {
        let base = distances[start]
        let displacement = Geodesy.distance(coordinates[start], coordinates[end])
        let seconds = times[end] - times[start]
        guard end > start else { return base }
        for j in start + 1...end {
            distances[j] = base + displacement * (seconds > 0 ? (times[j] - times[start]) / seconds : 1)
        }
        return distances[end]
    }

    /// Gives each stop the moving time its distance took: a stop whose distance grew by G
    /// metres, more than `stopDrift` (a slow stretch under the sport's `stoppedSpeed`, its
    /// displacement spread by `spread`; or a device's odometer counting on while the
    /// positions stood), took at least G / `stoppedSpeed` seconds, at most the stop's own;
    /// a standing GPS's drift of `stopDrift` or less, G / `maximumSpeed` (a fraction of a
    /// second), so that not even drift is distance in no time. That time is added where the
    /// distance grew, so no stretch of the track is faster than its distance and time say:
    /// a best effort, a split or the maximum speed can't be made of stops (stops of 20 m
    /// between sprints, taking no time, made a 400 m at 22.7 m/s). Returns the seconds added.
    private static func timeStops(
        _ distances: [Double], _ times: [Double], _ moving: [Bool], thresholds: SportThresholds, _ movingTimes: inout [Double]
    ) -> Double {
        var added = 0.0
        var k = 1
        while k < distances.count {
            movingTimes[k] += added
            guard !moving[k] else { k += 1; continue }
            var end = k
            while end + 1 < distances.count, !moving[end + 1] { end += 1 }
            let base = movingTimes[k - 1], first = distances[k - 1]
            let growth = distances[end] - first
            let speed = growth > stopDrift ? thresholds.stoppedSpeed : thresholds.maximumSpeed
            let seconds = growth > 0 ? min(times[end] - times[k - 1], growth / speed) : 0
            for j in k...end {
                movingTimes[j] = base + (seconds > 0 ? seconds * (distances[j] - first) / growth : 0)
            }
            added += seconds
            k = end + 1
        }
        return added
    }

    /// Metres a fix may lie off the straight line of a step before the step ends at it.
    static let bendTolerance = 1.0
    /// The longest straight step, metres.
    static let maximumStep = 20.0
    /// The most fixes one step spans, so the bend check costs O(n) over a track (fixes
    /// milliseconds apart would otherwise fill a 20 m step by the thousand).
    static let maximumStepFixes = 64

    /// Which of the fixes `indices` lies farthest from the segment `a`–`b` (flat-Earth
    /// metres around `a`, exact enough over a step), and how far.
    private static func farthest(_ indices: [Int], of c: [Coordinate], from a: Coordinate, to b: Coordinate) -> (at: Int, offset: Double)? {
        guard !indices.isEmpty else { return nil }
        let metresPerDegree = 111_195.0, east = cos(a.latitude * .pi / 180) * metresPerDegree
        let bx = (b.longitude - a.longitude) * east, by = (b.latitude - a.latitude) * metresPerDegree
        let length2 = bx * bx + by * by
        var best = (at: 0, offset: -1.0)
        for (at, index) in indices.enumerated() {
            let px = (c[index].longitude - a.longitude) * east, py = (c[index].latitude - a.latitude) * metresPerDegree
            let t = length2 > 0 ? min(1, max(0, (px * bx + py * by) / length2)) : 0
            let dx = px - t * bx, dy = py - t * by
            let offset = (dx * dx + dy * dy).squareRoot()
            if offset > best.offset { best = (at, offset) }
        }
        return best
    }

    /// Metres of travel, either side, beyond which positions are not averaged.
    static let smoothingDistance = 15.0

    /// Each coordinate replaced by the mean of those within `halfWindow` seconds of it.
    /// White GPS jitter adds length to every step (at 1 Hz and walking pace, 0.3 m of
    /// jitter adds about 5 %); averaging over a few seconds removes it, while a real path
    /// is shortened only on bends: by (v·w)²/(24·R²) of an arc of radius R covered at
    /// speed v with a window of w seconds (0.4 % for a runner at 3 m/s turning on a 10 m radius).
    /// The window shrinks so it never spans more than `smoothingDistance` metres either side.
    private static func smoothed(_ c: [Coordinate], _ t: [Double], halfWindow: Double) -> [Coordinate] {
        guard halfWindow > 0 else { return c }
        let n = c.count
        var latitudeSums = [Double](repeating: 0, count: n + 1)
        var longitudeSums = [Double](repeating: 0, count: n + 1)
        for i in 0..<n {
            latitudeSums[i + 1] = latitudeSums[i] + (c[i].latitude - c[0].latitude)
            longitudeSums[i + 1] = longitudeSums[i] + (c[i].longitude - c[0].longitude)
        }
        var result = [Coordinate]()
        result.reserveCapacity(n)
        var low = 0, high = 0
        for i in 0..<n {
            // Symmetric near the ends, so a segment's first and last positions stay put.
            // Only as far as about `smoothingDistance` of travel: a car's curves are real.
            let before = max(0, i - 1), after = min(n - 1, i + 1)
            let travel = travelHalfWindow(c[before], c[after], seconds: t[after] - t[before], atLeast: halfWindow)
            let half = min(halfWindow, travel, t[i] - t[0], t[n - 1] - t[i])
            while t[low] < t[i] - half { low += 1 }
            while low > 0, t[low - 1] >= t[i] - half { low -= 1 }
            if high < i { high = i }
            while high > i, t[high] > t[i] + half { high -= 1 }
            while high + 1 < n, t[high + 1] <= t[i] + half { high += 1 }
            let count = Double(high - low + 1)
            result.append(Coordinate(latitude: c[0].latitude + (latitudeSums[high + 1] - latitudeSums[low]) / count,
                                     longitude: c[0].longitude + (longitudeSums[high + 1] - longitudeSums[low]) / count))
        }
        return result
    }

    /// The seconds it takes to travel `smoothingDistance` at the speed from `a` to `b`
    /// (at least 0.1 m/s); or just `halfWindow` when the cheap upper bound of the speed
    /// shows it is no less: the caller takes the smaller of the two, so then the exact
    /// distance is not needed.
    private static func travelHalfWindow(_ a: Coordinate, _ b: Coordinate, seconds: Double, atLeast halfWindow: Double) -> Double {
        guard seconds > 0 else { return smoothingDistance / 0.1 }
        if smoothingDistance / max(Geodesy.distanceUpperBound(a, b) / seconds, 0.1) >= halfWindow { return halfWindow }
        return smoothingDistance / max(Geodesy.distance(a, b) / seconds, 0.1)
    }

    /// Whether the straight-line speed from `a` to `b` in `seconds` (0 when no time
    /// passes) is at least `speed`. The cheap lower bound of the distance settles most
    /// windows of a moving athlete without the exact distance.
    private static func isAtLeast(_ speed: Double, from a: Coordinate, to b: Coordinate, in seconds: Double) -> Bool {
        guard seconds > 0 else { return 0 >= speed }
        return Geodesy.distanceLowerBound(a, b) / seconds >= speed || Geodesy.distance(a, b) / seconds >= speed
    }

    /// `result[k]` tells whether the interval from fix k-1 to fix k was spent moving.
    private static func movingIntervals(_ c: [Coordinate], _ t: [Double], _ thresholds: SportThresholds) -> [Bool] {
        let n = c.count
        let half = thresholds.speedWindow / 2
        var moving = [Bool](repeating: true, count: n)
        var start = 0, end = 0
        for k in 1..<n {
            while t[start] < t[k - 1] - half { start += 1 }
            if end < k { end = k }
            while end + 1 < n, t[end + 1] <= t[k] + half { end += 1 }
            moving[k] = isAtLeast(thresholds.stoppedSpeed, from: c[start], to: c[end], in: t[end] - t[start])
        }
        // Stops shorter than the minimum pause are part of moving.
        var k = 1
        while k < n {
            guard !moving[k] else { k += 1; continue }
            var end = k
            while end < n, !moving[end] { end += 1 }
            if t[end - 1] - t[k - 1] < thresholds.minimumPause {
                for j in k..<end { moving[j] = true }
            }
            k = end
        }
        return moving
    }
}
