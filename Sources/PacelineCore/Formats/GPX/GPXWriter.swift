import Foundation

/// Writes an `Activity` as a GPX 1.1 document
/// (<https://www.topografix.com/GPX/1/1/>), with heart rate and cadence in the
/// Garmin TrackPointExtension v1.
///
/// The document has, in schema order:
/// - `<metadata>` with the activity's `<name>` (when it has one) and `<time>`
///   (the first fix time of the track, when there is one);
/// - one `<wpt>` per waypoint, then one `<rte>` of `<rtept>`s per route (named after
///   the activity when it has no track: a course, see `Course.gpx`);
/// - one `<trk>` with `<name>`, `<type>` (the `Sport` raw value: `run`, `walk`,
///   `hike`, `ride`, `swim`, `other`) and one `<trkseg>` per track segment, even
///   when the segment ends up empty, so segment indexes match the `Activity`; none
///   when the track has no segment at all.
///
/// Each point carries `lat`/`lon`, `<ele>`, `<time>` and, in
/// `<extensions><gpxtpx:TrackPointExtension>`, `<gpxtpx:hr>` and `<gpxtpx:cad>`
/// when the fix has them; power, which GPX has no standard element for, as a bare
/// `<power>` in the point's `<extensions>`, as Strava's exports write it (and Strava,
/// GoldenCheetah and `GPXReader` read it). Speed, accuracy and device distance are not
/// written.
///
/// Precision and formats:
/// - Latitude and longitude: 9 decimals (1e-9° ≤ 0.11 mm), trailing zeros
///   dropped, so values round-trip far below 1 cm and `46.05` stays `46.05`.
/// - Elevation: 4 decimals (0.1 mm).
/// - Times: UTC, `2017-06-11T14:34:09Z`, with `.SSS` milliseconds only when the
///   time, rounded to the millisecond, is not a whole second.
///
/// A GPX point needs a position: fixes without a coordinate, or with one that is
/// not `Coordinate.isValid`, are skipped. Non-finite elevations are left out.
/// Names are XML-escaped. Numbers and times are formatted by hand, so 100,000
/// fixes take a few tens of milliseconds.
public enum GPXWriter {
    /// The GPX 1.1 namespace.
    public static let namespace = "http://www.topografix.com/GPX/1/1"
    /// The Garmin TrackPointExtension v1 namespace, bound to the `gpxtpx` prefix.
    public static let trackPointExtensionNamespace = "http://www.garmin.com/xmlschemas/TrackPointExtension/v1"

    /// The GPX document for `activity`, as one string.
    public static func write(_ activity: Activity) -> String {
        TextOutput.document(reservingCapacity: 128 + activity.track.fixCount * 200) { emit(activity, into: &$0, target: &$1, chunkSize: $2) }
    }

    /// Streams the GPX document for `activity` into `target` (a file handle
    /// wrapper, a `String`…) in chunks of about 64 KiB, so a large track is never
    /// held in memory twice.
    public static func write<Target: TextOutputStream>(_ activity: Activity, to target: inout Target) {
        TextOutput.stream(to: &target) { emit(activity, into: &$0, target: &$1, chunkSize: $2) }
    }

    private static func emit<Target: TextOutputStream>(
        _ activity: Activity, into out: inout TextOutput, target: inout Target, chunkSize: Int
    ) {
        out.append("""
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="Paceline" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" \
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd \
            http://www.garmin.com/xmlschemas/TrackPointExtension/v1 http://www.garmin.com/xmlschemas/TrackPointExtensionv1.xsd">

            """)

        let startTime = activity.track.segments.lazy.flatMap { $0 }.first { $0.time != nil }?.time
        if activity.name != nil || startTime != nil {
            out.append(" <metadata>\n")
            if let name = activity.name {
                out.append("  <name>")
                out.append(xmlEscaped: name)
                out.append("</name>\n")
            }
            if let startTime {
                out.append("  <time>")
                out.append(timestamp: startTime)
                out.append("</time>\n")
            }
            out.append(" </metadata>\n")
        }

        for waypoint in activity.waypoints {
            guard let coordinate = waypoint.fix.coordinate, coordinate.isValid else { continue }
            appendPoint(
                waypoint.fix, at: coordinate, name: waypoint.name,
                open: " <wpt", close: " </wpt>\n", indent: "  ", into: &out)
        }

        for route in activity.routes {
            out.append(" <rte>\n")
            if let name = activity.name, activity.track.segments.isEmpty {
                out.append("  <name>")
                out.append(xmlEscaped: name)
                out.append("</name>\n")
            }
            for fix in route {
                guard let coordinate = fix.coordinate, coordinate.isValid else { continue }
                appendPoint(fix, at: coordinate, name: nil, open: "  <rtept", close: "  </rtept>\n", indent: "   ", into: &out)
            }
            out.append(" </rte>\n")
            out.flush(to: &target, ifAtLeast: chunkSize)
        }

        guard !activity.track.segments.isEmpty else { return out.append("</gpx>\n") }
        out.append(" <trk>\n")
        if let name = activity.name {
            out.append("  <name>")
            out.append(xmlEscaped: name)
            out.append("</name>\n")
        }
        out.append("  <type>")
        out.append(xmlEscaped: activity.sport.rawValue)
        out.append("</type>\n")
        for segment in activity.track.segments {
            out.append("  <trkseg>\n")
            for fix in segment {
                guard let coordinate = fix.coordinate, coordinate.isValid else { continue }
                appendPoint(fix, at: coordinate, name: nil, open: "   <trkpt", close: "   </trkpt>\n", indent: "    ", into: &out)
                out.flush(to: &target, ifAtLeast: chunkSize)
            }
            out.append("  </trkseg>\n")
        }
        out.append(" </trk>\n</gpx>\n")
    }

    /// Writes one point element: `open` (`<trkpt`…), ` lat="…" lon="…"`, then
    /// either `/>` when it has nothing else or `>`, its children (`ele`, `time`,
    /// `name`, `extensions`, in GPX schema order, each line indented by
    /// `indent`) and `close`.
    @inline(__always)
    private static func appendPoint(
        _ fix: Fix, at coordinate: Coordinate, name: String?,
        open: StaticString, close: StaticString, indent: StaticString, into out: inout TextOutput
    ) {
        out.append(open)
        out.append(" lat=\"")
        out.append(decimal: coordinate.latitude, fractionDigits: 9)
        out.append("\" lon=\"")
        out.append(decimal: coordinate.longitude, fractionDigits: 9)
        let elevation = fix.elevation.flatMap { $0.isFinite ? $0 : nil }
        guard elevation != nil || fix.time != nil || name != nil || fix.heartRate != nil || fix.cadence != nil || fix.power != nil else {
            out.append("\"/>\n")
            return
        }
        out.append("\">\n")
        if let elevation {
            out.append(indent)
            out.append("<ele>")
            out.append(decimal: elevation, fractionDigits: 4)
            out.append("</ele>\n")
        }
        if let time = fix.time {
            out.append(indent)
            out.append("<time>")
            out.append(timestamp: time)
            out.append("</time>\n")
        }
        if let name {
            out.append(indent)
            out.append("<name>")
            out.append(xmlEscaped: name)
            out.append("</name>\n")
        }
        let extended = fix.heartRate != nil || fix.cadence != nil || fix.power != nil
        if extended {
            out.append(indent)
            out.append("<extensions>")
        }
        if fix.heartRate != nil || fix.cadence != nil {
            out.append("<gpxtpx:TrackPointExtension>")
            if let heartRate = fix.heartRate {
                out.append("<gpxtpx:hr>")
                out.append(integer: heartRate)
                out.append("</gpxtpx:hr>")
            }
            if let cadence = fix.cadence {
                out.append("<gpxtpx:cad>")
                out.append(integer: cadence)
                out.append("</gpxtpx:cad>")
            }
            out.append("</gpxtpx:TrackPointExtension>")
        }
        if let power = fix.power {
            out.append("<power>")
            out.append(integer: power)
            out.append("</power>")
        }
        if extended {
            out.append("</extensions>\n")
        }
        out.append(close)
    }
}
