import Foundation

/// Writes an `Activity` as a FIT activity file (FIT protocol 2.0), as a watch would:
/// `file_id`, a timer `event` at the start, at each segment break (stop, then start) and
/// at the end, one `record` per timed fix, one `lap`, one `session` and the `activity`
/// message, each message type defined once; no developer fields; the header's and the
/// file's CRC.
///
/// - `record`: `timestamp` (whole seconds: FIT has no finer time in a record),
///   `position_lat`/`position_long` in semicircles, `enhanced_altitude` (scale 5, offset
///   500), `heart_rate`, `cadence`, `distance`, `enhanced_speed`, `power`; a value the
///   fix lacks, or one outside its field's range, is written as the field's invalid value.
///   `distance` is the distance the summary reports at that fix (`FixDistances`), so the
///   file read back has the distance it was written with.
/// - `session`: the sport (`run` 1, `ride` 2, `swim` 5, `walk` 11, `hike` 17, else
///   `generic` 0), start, elapsed time (`ElapsedTime`), timer time (the segments' spans),
///   distance, ascent and descent as `ActivitySummary` counts them.
/// - FIT records need a time: fixes without one are left out, as from TCX
///   (`TCXWriter.fixesLeftOut` counts them).
///   The activity's name has no place in a FIT activity file and is not written.
public enum FITWriter {
    /// The FIT profile version written in the header (21.32).
    public static let profileVersion: UInt16 = 2132

    /// The FIT file for `activity`.
    /// - Complexity: O(n) in the fixes.
    public static func write(_ activity: Activity) -> Data {
        var out = FITEncoder()
        let summary = ActivitySummary(activity)
        let distances = FixDistances.of(activity)
        let segments = activity.track.segments
        let timed = segments.joined().compactMap(\.time)
        let start = timed.min() ?? Date(timeIntervalSince1970: FITProfile.epochOffset)
        let end = timed.max() ?? start
        let timerSeconds = segments.reduce(0.0) { total, segment in
            let times = segment.compactMap(\.time)
            guard let first = times.min(), let last = times.max() else { return total }
            return total + last.timeIntervalSince(first)
        }

        out.define(FITEncoder.Local.fileID, global: FITProfile.Message.fileID,
                   [(0, .enum), (1, .uint16), (2, .uint16), (4, .uint32)])
        out.data(FITEncoder.Local.fileID) { $0.enum(4); $0.uint16(255); $0.uint16(0); $0.time(start) }  // activity, development

        out.define(FITEncoder.Local.event, global: FITProfile.Message.event, [(253, .uint32), (0, .enum), (1, .enum)])
        out.define(FITEncoder.Local.record, global: FITProfile.Message.record, [
            (253, .uint32), (0, .sint32), (1, .sint32), (78, .uint32), (3, .uint8), (4, .uint8), (5, .uint32), (73, .uint32), (7, .uint16),
        ])
        var index = 0
        for segment in segments {
            defer { index += segment.count }
            let times = segment.compactMap(\.time)
            guard let first = times.first, let last = times.last else { continue }
            out.timer(.start, at: first)
            for (offset, fix) in segment.enumerated() {
                guard let time = fix.time else { continue }
                out.record(fix, time: time, distance: distances[index + offset])
            }
            out.timer(.stopAll, at: last)
        }

        out.define(FITEncoder.Local.lap, global: FITProfile.Message.lap,
                   [(253, .uint32), (0, .enum), (1, .enum), (2, .uint32), (7, .uint32), (8, .uint32), (9, .uint32)])
        out.data(FITEncoder.Local.lap) {
            $0.time(end); $0.enum(9); $0.enum(1); $0.time(start)  // lap, stop
            $0.scaled(end.timeIntervalSince(start), 1000); $0.scaled(timerSeconds, 1000); $0.scaled(summary.distanceMeters, 100)
        }
        out.define(FITEncoder.Local.session, global: FITProfile.Message.session, [
            (253, .uint32), (0, .enum), (1, .enum), (2, .uint32), (5, .enum), (6, .enum), (7, .uint32), (8, .uint32), (9, .uint32),
            (22, .uint16), (23, .uint16), (25, .uint16), (26, .uint16),
        ])
        out.data(FITEncoder.Local.session) {
            $0.time(end); $0.enum(8); $0.enum(1); $0.time(start)  // session, stop
            $0.enum(sportNumber(for: activity.sport)); $0.enum(0)
            $0.scaled(summary.elapsedSeconds ?? 0, 1000); $0.scaled(timerSeconds, 1000); $0.scaled(summary.distanceMeters, 100)
            $0.uint16(summary.ascentMeters); $0.uint16(summary.descentMeters); $0.uint16(0); $0.uint16(1)
        }
        out.define(FITEncoder.Local.activity, global: FITProfile.Message.activity, [(253, .uint32), (0, .uint32), (1, .uint16), (2, .enum), (3, .enum), (4, .enum)])
        out.data(FITEncoder.Local.activity) {
            $0.time(end); $0.scaled(timerSeconds, 1000); $0.uint16(1); $0.enum(0); $0.enum(26); $0.enum(1)  // manual, activity, stop
        }
        return out.file(profileVersion: profileVersion)
    }

    /// The FIT `sport` value for `sport`.
    public static func sportNumber(for sport: Sport) -> Int {
        switch sport {
        case .run: 1
        case .ride: 2
        case .swim: 5
        case .walk: 11
        case .hike: 17
        case .other: 0
        }
    }
}
