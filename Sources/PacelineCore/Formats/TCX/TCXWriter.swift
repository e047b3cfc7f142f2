import Foundation

/// Writes an `Activity` as a Garmin Training Center Database v2 (TCX) document
/// with one `<Activity>`.
///
/// - `Sport`: `Running` for `.run`, `Biking` for `.ride`, `Other` for everything
///   else (TCX has no walk, hike or swim).
/// - `<Id>`: the first fix time (1970-01-01T00:00:00Z when no fix has a time;
///   the schema requires one).
/// - Laps: the activity's `laps` when there are some and every one has a
///   `startTime`; each timed fix goes to the last lap starting at or before it
///   (fixes before the first lap go to the first). Otherwise one lap starting
///   at the first fix time. A lap's `TotalTimeSeconds` and `DistanceMeters` are
///   the device's values when the lap has them, otherwise computed: time as the
///   sum of gaps between consecutive timed fixes of a segment (pauses between
///   segments do not count), distance from the cumulative distance below.
///   `Calories` (required by the schema) is written as 0, `Intensity` as
///   `Active`, `TriggerMethod` as `Manual`.
/// - One `<Track>` per track segment that has fixes in the lap, one
///   `<Trackpoint>` per fix with `Time`, `Position` (when the fix has a valid
///   coordinate), `AltitudeMeters`, `DistanceMeters`, `HeartRateBpm/Value`,
///   `Cadence` and power as `<Extensions><ns3:TPX><ns3:Watts>` (ActivityExtension v2).
/// - The activity's name goes in the activity's `<Notes>`.
///
/// `DistanceMeters` is cumulative: the distance `ActivitySummary` reports, at each fix
/// (`FixDistances`: the device's odometer where the file had one, otherwise measured along
/// the positions), so the file read back has the distance it was written with; a fix the
/// filter left out repeats the distance so far. When no fix has a position (treadmill,
/// trainer), the fixes' own device `distance` is written instead.
///
/// TCX requires a `Time` on every trackpoint: fixes without a time are skipped
/// (their positions still count toward distance). Heart rates outside 1...255,
/// cadences outside 0...254 and powers outside 0...65535 do not fit the schema's
/// types and are left out. Numbers use the same precision as `GPXWriter`
/// (9 decimals for degrees, 4 for altitude), distances and durations 3.
public enum TCXWriter {
    /// The TrainingCenterDatabase v2 namespace.
    public static let namespace = "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
    /// The ActivityExtension v2 namespace, bound to the `ns3` prefix.
    public static let activityExtensionNamespace = "http://www.garmin.com/xmlschemas/ActivityExtension/v2"

    /// The TCX document for `activity`, as one string.
    public static func write(_ activity: Activity) -> String {
        TextOutput.document(reservingCapacity: 512 + activity.track.fixCount * 330) { emit(activity, into: &$0, target: &$1, chunkSize: $2) }
    }

    /// Streams the TCX document for `activity` into `target` in chunks of about 64 KiB.
    public static func write<Target: TextOutputStream>(_ activity: Activity, to target: inout Target) {
        TextOutput.stream(to: &target) { emit(activity, into: &$0, target: &$1, chunkSize: $2) }
    }

    /// How many of `activity`'s fixes TCX cannot hold, those without a time: `write` leaves
    /// them out. All of them, for a route drawn on a map or a GPX without times, which is
    /// no activity for TCX at all.
    public static func fixesLeftOut(of activity: Activity) -> Int {
        activity.track.segments.reduce(0) { count, segment in count + segment.count { $0.time == nil } }
    }

    /// The `Sport` attribute value TCX uses for `sport`.
    public static func sportName(for sport: Sport) -> String {
        switch sport {
        case .run: "Running"
        case .ride: "Biking"
        default: "Other"
        }
    }

    // MARK: - Document

    private static func emit<Target: TextOutputStream>(
        _ activity: Activity, into out: inout TextOutput, target: inout Target, chunkSize: Int
    ) {
        let plan = LapPlan(activity)

        out.append("""
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" \
            xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2 \
            http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd">
             <Activities>
              <Activity Sport="
            """)
        out.appendRaw(sportName(for: activity.sport))
        out.append("\">\n   <Id>")
        out.append(timestamp: plan.firstTime ?? Date(timeIntervalSince1970: 0))
        out.append("</Id>\n")

        for lap in plan.laps.indices {
            emitLap(lap, of: plan, activity: activity, into: &out, target: &target, chunkSize: chunkSize)
        }

        if let name = activity.name {
            out.append("   <Notes>")
            out.append(xmlEscaped: name)
            out.append("</Notes>\n")
        }
        out.append("  </Activity>\n </Activities>\n</TrainingCenterDatabase>\n")
    }

    private static func emitLap<Target: TextOutputStream>(
        _ lap: Int, of plan: LapPlan, activity: Activity,
        into out: inout TextOutput, target: inout Target, chunkSize: Int
    ) {
        let summary = plan.laps[lap]
        out.append("   <Lap StartTime=\"")
        out.append(timestamp: summary.startTime)
        out.append("\">\n    <TotalTimeSeconds>")
        out.append(decimal: summary.totalSeconds, fractionDigits: 3)
        out.append("</TotalTimeSeconds>\n    <DistanceMeters>")
        out.append(decimal: summary.distanceMeters, fractionDigits: 3)
        out.append("</DistanceMeters>\n")
        out.append("    <Calories>0</Calories>\n    <Intensity>Active</Intensity>\n    <TriggerMethod>Manual</TriggerMethod>\n")

        if let range = summary.fixRange {
            var flatIndex = 0
            for segment in activity.track.segments {
                let segmentStart = flatIndex
                flatIndex += segment.count
                let lower = max(range.lowerBound, segmentStart), upper = min(range.upperBound, flatIndex)
                guard lower < upper else { continue }
                var trackOpen = false
                for index in lower..<upper where plan.lapOfFix[index] == lap {
                    if !trackOpen {
                        out.append("    <Track>\n")
                        trackOpen = true
                    }
                    appendTrackpoint(segment[index - segmentStart], distance: plan.cumulativeDistance[index], into: &out)
                    out.flush(to: &target, ifAtLeast: chunkSize)
                }
                if trackOpen { out.append("    </Track>\n") }
            }
        }
        out.append("   </Lap>\n")
    }

    @inline(__always)
    private static func appendTrackpoint(_ fix: Fix, distance: Double?, into out: inout TextOutput) {
        guard let time = fix.time else { return }
        out.append("     <Trackpoint>\n      <Time>")
        out.append(timestamp: time)
        out.append("</Time>\n")
        if let coordinate = fix.coordinate, coordinate.isValid {
            out.append("      <Position><LatitudeDegrees>")
            out.append(decimal: coordinate.latitude, fractionDigits: 9)
            out.append("</LatitudeDegrees><LongitudeDegrees>")
            out.append(decimal: coordinate.longitude, fractionDigits: 9)
            out.append("</LongitudeDegrees></Position>\n")
        }
        if let elevation = fix.elevation, elevation.isFinite {
            out.append("      <AltitudeMeters>")
            out.append(decimal: elevation, fractionDigits: 4)
            out.append("</AltitudeMeters>\n")
        }
        if let distance, distance.isFinite {
            out.append("      <DistanceMeters>")
            out.append(decimal: distance, fractionDigits: 3)
            out.append("</DistanceMeters>\n")
        }
        if let heartRate = fix.heartRate, (1...255).contains(heartRate) {
            out.append("      <HeartRateBpm><Value>")
            out.append(integer: heartRate)
            out.append("</Value></HeartRateBpm>\n")
        }
        if let cadence = fix.cadence, (0...254).contains(cadence) {
            out.append("      <Cadence>")
            out.append(integer: cadence)
            out.append("</Cadence>\n")
        }
        if let power = fix.power, (0...65_535).contains(power) {
            out.append("      <Extensions><ns3:TPX><ns3:Watts>")
            out.append(integer: power)
            out.append("</ns3:Watts></ns3:TPX></Extensions>\n")
        }
        out.append("     </Trackpoint>\n")
    }

    // MARK: - Laps and distance

    /// Which lap each fix goes to, the cumulative distance at each fix, and each
    /// lap's totals. Fixes are indexed in `Track.fixes` order.
    private struct LapPlan {
        struct Summary {
            var startTime: Date
            var totalSeconds: Double
            var distanceMeters: Double
            /// Smallest range of fix indexes holding the lap's fixes.
            var fixRange: Range<Int>?
        }

        var laps: [Summary] = []
        /// Lap index of each fix; -1 for fixes without a time (not written).
        var lapOfFix: [Int32] = []
        /// Cumulative distance at each fix (nil when unknown).
        var cumulativeDistance: [Double?] = []
        var firstTime: Date?

        init(_ activity: Activity) {
            let segments = activity.track.segments
            let count = activity.track.fixCount
            lapOfFix = Array(repeating: -1, count: count)

            // Cumulative distance: as the activity's summary measures it.
            cumulativeDistance = FixDistances.of(activity)
            let total = cumulativeDistance.lazy.compactMap { $0 }.max() ?? 0

            firstTime = segments.lazy.joined().first { $0.time != nil }?.time
            let fallbackStart = firstTime ?? Date(timeIntervalSince1970: 0)

            // Laps: the device's when all can be placed in time, otherwise one.
            var deviceLaps = activity.laps.compactMap { lap in lap.startTime.map { (start: $0, lap: lap) } }
            if deviceLaps.count != activity.laps.count { deviceLaps = [] }
            deviceLaps.sort { $0.start < $1.start }
            let starts = deviceLaps.isEmpty ? [fallbackStart] : deviceLaps.map(\.start)
            laps = starts.map { Summary(startTime: $0, totalSeconds: 0, distanceMeters: 0, fixRange: nil) }

            // Assign timed fixes to laps; accumulate timer time between
            // consecutive timed fixes of a segment to the earlier fix's lap.
            var firstDistance = Array(repeating: Double?.none, count: laps.count)
            var flatIndex = 0
            for segment in segments {
                var previousTimed: (time: Date, lap: Int)?
                for fix in segment {
                    defer { flatIndex += 1 }
                    guard let time = fix.time else { continue }
                    let lap = LapPlan.lapIndex(of: time, starts: starts)
                    lapOfFix[flatIndex] = Int32(lap)
                    let range = laps[lap].fixRange
                    laps[lap].fixRange = (range?.lowerBound ?? flatIndex)..<(flatIndex + 1)
                    if firstDistance[lap] == nil { firstDistance[lap] = cumulativeDistance[flatIndex] }
                    if let previousTimed {
                        let gap = time.timeIntervalSince(previousTimed.time)
                        if gap > 0 { laps[previousTimed.lap].totalSeconds += gap }
                    }
                    previousTimed = (time, lap)
                }
            }

            // Lap distance: cumulative distance from this lap's first fix to the
            // next lap's (the first lap starts at 0, the last ends at the total).
            var lapStarts = firstDistance
            for lap in lapStarts.indices.reversed() where lapStarts[lap] == nil {
                lapStarts[lap] = lap + 1 < lapStarts.count ? lapStarts[lap + 1] : total
            }
            if !lapStarts.isEmpty { lapStarts[0] = 0 }
            for lap in laps.indices {
                let start = lapStarts[lap] ?? 0
                let end = lap + 1 < laps.count ? (lapStarts[lap + 1] ?? total) : total
                laps[lap].distanceMeters = max(0, end - start)
            }

            for (index, device) in deviceLaps.enumerated() {
                if let timer = device.lap.timerSeconds, timer.isFinite { laps[index].totalSeconds = timer }
                if let distance = device.lap.distanceMeters, distance.isFinite { laps[index].distanceMeters = distance }
            }
        }

        /// Index of the last start at or before `time` (0 when before them all).
        private static func lapIndex(of time: Date, starts: [Date]) -> Int {
            var low = 0, high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] <= time { low = middle + 1 } else { high = middle }
            }
            return max(0, low - 1)
        }
    }
}
