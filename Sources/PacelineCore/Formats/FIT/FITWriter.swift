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

/// FIT bytes being written: definition and data messages, little-endian.
private struct FITEncoder {
    /// FIT base types with their number and size.
    enum BaseType: UInt8 {
        case `enum` = 0x00, uint8 = 0x02, uint16 = 0x84, sint32 = 0x85, uint32 = 0x86

        var size: UInt8 {
            switch self {
            case .enum, .uint8: 1
            case .uint16: 2
            case .sint32, .uint32: 4
            }
        }
    }

    /// The local message types used, one per message.
    enum Local {
        static let fileID: UInt8 = 0
        static let event: UInt8 = 1
        static let record: UInt8 = 2
        static let lap: UInt8 = 3
        static let session: UInt8 = 4
        static let activity: UInt8 = 5
    }

    enum TimerEvent: UInt8 { case start = 0, stopAll = 4 }

    private(set) var bytes: [UInt8] = []

    mutating func define(_ local: UInt8, global: UInt16, _ fields: [(number: UInt8, type: BaseType)]) {
        bytes.append(0x40 | local)
        bytes.append(0)  // reserved
        bytes.append(0)  // little-endian
        uint16(Int(global))
        bytes.append(UInt8(fields.count))
        for field in fields { bytes += [field.number, field.type.size, field.type.rawValue] }
    }

    mutating func data(_ local: UInt8, _ fields: (inout FITEncoder) -> Void) {
        bytes.append(local)
        fields(&self)
    }

    mutating func timer(_ type: TimerEvent, at time: Date) {
        data(Local.event) { $0.time(time); $0.enum(0); $0.enum(Int(type.rawValue)) }
    }

    mutating func record(_ fix: Fix, time: Date, distance: Double?) {
        data(Local.record) { out in
            out.time(time)
            if let coordinate = fix.coordinate, coordinate.isValid {
                out.sint32(Self.semicircles(coordinate.latitude)); out.sint32(Self.semicircles(coordinate.longitude))
            } else {
                out.sint32(nil); out.sint32(nil)
            }
            out.scaled(fix.elevation.map { $0 + 500 }, 5)
            out.uint8(fix.heartRate.flatMap { (1...254).contains($0) ? $0 : nil })
            out.uint8(fix.cadence.flatMap { (0...254).contains($0) ? $0 : nil })
            out.scaled(distance, 100)
            out.scaled(fix.speed, 1000)
            out.uint16(fix.power.flatMap { (0...65_534).contains($0) ? Double($0) : nil })
        }
    }

    private static func semicircles(_ degrees: Double) -> Int { Int((degrees * 2_147_483_648 / 180).rounded()) }

    mutating func `enum`(_ value: Int) { bytes.append(UInt8(truncatingIfNeeded: value)) }

    mutating func uint8(_ value: Int?) { bytes.append(value.map { UInt8(truncatingIfNeeded: $0) } ?? 0xFF) }

    /// `value` rounded, or the invalid 0xFFFF when absent or out of range.
    mutating func uint16(_ value: Double?) {
        guard let value, value.isFinite, (0...65_534).contains(value.rounded()) else { return uint16(0xFFFF) }
        uint16(Int(value.rounded()))
    }

    mutating func uint16(_ value: Int) {
        bytes += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
    }

    mutating func uint32(_ value: UInt32) {
        bytes += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
                  UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 24)]
    }

    mutating func sint32(_ value: Int?) {
        guard let value, (-0x7FFF_FFFF...0x7FFF_FFFE).contains(value) else { return uint32(0x7FFF_FFFF) }
        uint32(UInt32(bitPattern: Int32(value)))
    }

    /// `value` × `scale` as a uint32, or the invalid 0xFFFFFFFF when absent or out of range.
    mutating func scaled(_ value: Double?, _ scale: Double) {
        guard let value, value.isFinite, (0...4_294_967_294).contains((value * scale).rounded()) else { return uint32(0xFFFF_FFFF) }
        uint32(UInt32((value * scale).rounded()))
    }

    /// Seconds since the FIT epoch, 1989-12-31T00:00:00Z.
    mutating func time(_ date: Date) {
        scaled(date.timeIntervalSince1970 - FITProfile.epochOffset, 1)
    }

    /// The header, the messages and the file's CRC.
    func file(profileVersion: UInt16) -> Data {
        var header: [UInt8] = [14, 0x20, UInt8(profileVersion & 0xFF), UInt8(profileVersion >> 8)]
        let size = UInt32(bytes.count)
        header += [UInt8(size & 0xFF), UInt8((size >> 8) & 0xFF), UInt8((size >> 16) & 0xFF), UInt8(size >> 24)]
        header += Array(".FIT".utf8)
        let headerCRC = FITCRC.checksum(header)
        header += [UInt8(headerCRC & 0xFF), UInt8(headerCRC >> 8)]
        var file = header + bytes
        let crc = FITCRC.checksum(file)
        file += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
        return Data(file)
    }
}
