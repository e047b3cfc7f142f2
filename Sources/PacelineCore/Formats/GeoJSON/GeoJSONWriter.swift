import Foundation

/// Writes an `Activity` as an RFC 7946 GeoJSON `FeatureCollection`, laid out the
/// way togeojson (`@tmcw/togeojson`) converts a GPX track, so web maps and
/// tools that know that layout read it unchanged.
///
/// Features, in order:
/// 1. The track: a `MultiLineString` with one line per segment, each position
///    `[longitude, latitude]` or `[longitude, latitude, elevation]` (RFC 7946
///    order). Properties: `name` (when the activity has one), `sport` (the
///    `Sport` raw value), `time` (the first fix time, when there is one) and
///    `coordinateProperties.times`: per line, one ISO 8601 UTC string per
///    position (`null` for a fix without a time), aligned with `coordinates`.
/// 2. One `Point` per waypoint, with `name` and `time` properties when known.
/// 3. One `LineString` per route, with property `"kind": "route"`.
///
/// Fixes without a valid coordinate cannot be positions and are skipped. RFC
/// 7946 requires two or more positions per line, so a segment (or route) left
/// with fewer is left out. Numbers use the precision of `GPXWriter` (9 decimals
/// for degrees, 4 for metres), never exponent notation; strings are JSON-escaped.
/// The output is compact JSON, one feature per line.
public enum GeoJSONWriter {
    /// The GeoJSON document for `activity`, as one string.
    public static func write(_ activity: Activity) -> String {
        TextOutput.document(reservingCapacity: 256 + activity.track.fixCount * 80) { emit(activity, into: &$0, target: &$1, chunkSize: $2) }
    }

    /// Streams the GeoJSON document for `activity` into `target` in chunks of about 64 KiB.
    public static func write<Target: TextOutputStream>(_ activity: Activity, to target: inout Target) {
        TextOutput.stream(to: &target) { emit(activity, into: &$0, target: &$1, chunkSize: $2) }
    }

    private static func emit<Target: TextOutputStream>(
        _ activity: Activity, into out: inout TextOutput, target: inout Target, chunkSize: Int
    ) {
        let lines = activity.track.segments
            .map { $0.filter(hasPosition) }
            .filter { $0.count >= 2 }

        out.append("{\"type\":\"FeatureCollection\",\"features\":[\n")

        // The track.
        out.append("{\"type\":\"Feature\",\"geometry\":{\"type\":\"MultiLineString\",\"coordinates\":[")
        for (lineIndex, line) in lines.enumerated() {
            if lineIndex > 0 { out.append(byte: UInt8(ascii: ",")) }
            appendPositions(line, into: &out, target: &target, chunkSize: chunkSize)
        }
        out.append("]},\"properties\":{")
        if let name = activity.name {
            out.append("\"name\":")
            out.append(jsonString: name)
            out.append(byte: UInt8(ascii: ","))
        }
        out.append("\"sport\":")
        out.append(jsonString: activity.sport.rawValue)
        if let start = activity.track.segments.lazy.joined().first(where: { $0.time != nil })?.time {
            out.append(",\"time\":")
            appendTime(start, into: &out)
        }
        out.append(",\"coordinateProperties\":{\"times\":[")
        for (lineIndex, line) in lines.enumerated() {
            if lineIndex > 0 { out.append(byte: UInt8(ascii: ",")) }
            out.append(byte: UInt8(ascii: "["))
            for (index, fix) in line.enumerated() {
                if index > 0 { out.append(byte: UInt8(ascii: ",")) }
                if let time = fix.time { appendTime(time, into: &out) } else { out.append("null") }
                out.flush(to: &target, ifAtLeast: chunkSize)
            }
            out.append(byte: UInt8(ascii: "]"))
        }
        out.append("]}}}")

        // Waypoints.
        for waypoint in activity.waypoints {
            guard let coordinate = waypoint.fix.coordinate, coordinate.isValid else { continue }
            out.append(",\n{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":")
            appendPosition(coordinate, elevation: waypoint.fix.elevation, into: &out)
            out.append("},\"properties\":{")
            var needsComma = false
            if let name = waypoint.name {
                out.append("\"name\":")
                out.append(jsonString: name)
                needsComma = true
            }
            if let time = waypoint.fix.time {
                if needsComma { out.append(byte: UInt8(ascii: ",")) }
                out.append("\"time\":")
                appendTime(time, into: &out)
            }
            out.append("}}")
        }

        // Routes.
        for route in activity.routes {
            let positions = route.filter(hasPosition)
            guard positions.count >= 2 else { continue }
            out.append(",\n{\"type\":\"Feature\",\"geometry\":{\"type\":\"LineString\",\"coordinates\":")
            appendPositions(positions, into: &out, target: &target, chunkSize: chunkSize)
            out.append("},\"properties\":{\"kind\":\"route\"}}")
        }

        out.append("\n]}\n")
    }

    private static func hasPosition(_ fix: Fix) -> Bool {
        fix.coordinate?.isValid == true
    }

    /// `[[lon,lat,ele],…]` for fixes already known to have valid coordinates.
    private static func appendPositions<Target: TextOutputStream>(
        _ fixes: [Fix], into out: inout TextOutput, target: inout Target, chunkSize: Int
    ) {
        out.append(byte: UInt8(ascii: "["))
        for (index, fix) in fixes.enumerated() {
            if index > 0 { out.append(byte: UInt8(ascii: ",")) }
            appendPosition(fix.coordinate!, elevation: fix.elevation, into: &out)
            out.flush(to: &target, ifAtLeast: chunkSize)
        }
        out.append(byte: UInt8(ascii: "]"))
    }

    @inline(__always)
    private static func appendPosition(_ coordinate: Coordinate, elevation: Double?, into out: inout TextOutput) {
        out.append(byte: UInt8(ascii: "["))
        out.append(decimal: coordinate.longitude, fractionDigits: 9)
        out.append(byte: UInt8(ascii: ","))
        out.append(decimal: coordinate.latitude, fractionDigits: 9)
        if let elevation, elevation.isFinite {
            out.append(byte: UInt8(ascii: ","))
            out.append(decimal: elevation, fractionDigits: 4)
        }
        out.append(byte: UInt8(ascii: "]"))
    }

    @inline(__always)
    private static func appendTime(_ time: Date, into out: inout TextOutput) {
        out.append(byte: UInt8(ascii: "\""))
        out.append(timestamp: time)
        out.append(byte: UInt8(ascii: "\""))
    }
}
