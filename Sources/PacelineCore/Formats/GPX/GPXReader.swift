import Foundation

/// Reads GPX 1.0 and 1.1 files: tracks and their segments, routes, waypoints, and
/// the Garmin TrackPointExtension (heart rate, cadence) plus the speed, power and
/// accuracy extensions phones write.
///
/// Streaming: elements are handled as the scanner meets them; only the fixes are kept.
/// Each `<trkseg>` becomes one track segment (tracks are concatenated in file order,
/// as every peer does). Points with a latitude outside ±90° or a longitude outside
/// ±180°, unparseable numbers or times, and `<fix>` values outside the GPX schema are
/// refused with the line they stand on: such a file is broken, and guessing would
/// turn it into a wrong run.
///
/// ```swift
/// let activity = try GPXReader.read(ByteStream(contentsOf: url))
/// activity.track.fixCount  // 988
/// ```
public enum GPXReader {
    /// Reads a GPX document.
    /// - Throws: `ActivityFileError` naming the line and the problem.
    /// - Complexity: O(n) in the bytes of the file.
    public static func read(_ stream: ByteStream) throws -> Activity {
        var handler = GPXHandler()
        try XMLScanner.scan(stream, into: &handler)
        guard handler.sawGPX else {
            throw ActivityFileError(.unsupportedFormat, "not a GPX file: the root element is not <gpx>")
        }
        return handler.activity
    }
}

private struct GPXHandler: XMLHandler {
    /// Where a point element stands.
    enum PointKind { case none, track, route, waypoint }

    /// Leaf elements whose text we read.
    enum Field { case elevation, time, heartRate, cadence, power, speed, accuracy, fix, name, type }

    var activity = Activity(format: .gpx)
    var sawGPX = false
    var depth = 0
    var inTrack = false
    var inMetadata = false
    var inRoute = false
    var pointKind = PointKind.none
    var fix = Fix()
    var pointName: String?
    var segment: [Fix] = []
    var route: [Fix] = []
    var capture: Field?
    var metadataName: String?
    var trackName: String?
    var trackType: String?

    mutating func startElement(_ name: XMLBytes, attributes: XMLAttributes) throws {
        depth += 1
        capture = nil
        if depth == 1 {
            guard name.isLocal("gpx") else { return }
            sawGPX = true
            return
        }
        if pointKind != .none {
            if name.isLocal("ele") { capture = .elevation }
            else if name.isLocal("time") { capture = .time }
            else if name.isLocal("hr") { capture = .heartRate }
            else if name.isLocal("cad") { capture = .cadence }
            else if name.isLocal("speed") { capture = .speed }
            else if name.isLocal("PowerInWatts") || name.isLocal("power") { capture = .power }
            else if name.isLocal("hAcc") { capture = .accuracy }
            else if name.isLocal("fix") { capture = .fix }
            else if name.isLocal("name") && pointKind == .waypoint { capture = .name }
            return
        }
        if name.isLocal("trkpt") {
            try beginPoint(.track, attributes)
        } else if name.isLocal("trkseg") {
            segment = []
        } else if name.isLocal("trk") {
            inTrack = true
        } else if name.isLocal("rtept") {
            try beginPoint(.route, attributes)
        } else if name.isLocal("wpt") {
            try beginPoint(.waypoint, attributes)
        } else if name.isLocal("rte") {
            inRoute = true
            route = []
        } else if name.isLocal("metadata") {
            inMetadata = true
        } else if name.isLocal("name") && (inMetadata || inTrack) && depth == 3 {
            capture = .name
        } else if name.isLocal("type") && inTrack && depth == 3 {
            capture = .type
        }
    }

    mutating func endElement(_ name: XMLBytes, text: XMLBytes) throws {
        depth -= 1
        if let field = capture {
            capture = nil
            try store(field, ElementText(text))
            return
        }
        switch pointKind {
        case .track where name.isLocal("trkpt"):
            segment.append(fix)
            pointKind = .none
            return
        case .route where name.isLocal("rtept"):
            route.append(fix)
            pointKind = .none
            return
        case .waypoint where name.isLocal("wpt"):
            activity.waypoints.append(Waypoint(name: pointName, fix: fix))
            pointKind = .none
            return
        default:
            if pointKind != .none { return }
        }
        if name.isLocal("trkseg") {
            activity.track.segments.append(segment)
            segment = []
        } else if name.isLocal("trk") {
            inTrack = false
        } else if name.isLocal("rte") {
            activity.routes.append(route)
            inRoute = false
        } else if name.isLocal("metadata") {
            inMetadata = false
        } else if depth == 0 {
            activity.name = trackName ?? metadataName
            if let trackType, let sport = Sport(fileName: trackType) { activity.sport = sport }
        }
    }

    private mutating func beginPoint(_ kind: PointKind, _ attributes: XMLAttributes) throws {
        let element = kind == .track ? "trkpt" : kind == .route ? "rtept" : "wpt"
        guard let latitudeText = attributes["lat"], let longitudeText = attributes["lon"] else {
            throw XMLContentError(.invalidValue, "<\(element)> without lat and lon attributes")
        }
        guard let latitude = TextNumbers.double(latitudeText.raw), let longitude = TextNumbers.double(longitudeText.raw) else {
            throw XMLContentError(.invalidValue, "<\(element)> has a latitude or longitude that is not a number")
        }
        guard (-90...90).contains(latitude) else {
            throw XMLContentError(.invalidValue, "<\(element)> latitude \(latitude) is outside -90…90")
        }
        guard (-180...180).contains(longitude) else {
            throw XMLContentError(.invalidValue, "<\(element)> longitude \(longitude) is outside -180…180")
        }
        fix = Fix(coordinate: Coordinate(latitude: latitude, longitude: longitude))
        pointName = nil
        pointKind = kind
    }

    private mutating func store(_ field: Field, _ text: ElementText) throws {
        switch field {
        case .elevation: fix.elevation = try text.double("ele")
        case .time: fix.time = try text.date("time")
        case .heartRate: fix.heartRate = try text.int("hr")
        case .cadence: fix.cadence = try text.int("cad")
        case .power: fix.power = try text.int("power")
        case .speed: fix.speed = try text.double("speed")
        case .accuracy: fix.horizontalAccuracy = try text.double("hAcc")
        case .fix:
            let value = text.string ?? ""
            guard ["none", "2d", "3d", "dgps", "pps"].contains(value) else {
                throw XMLContentError(.invalidValue, "<fix> holds \"\(value)\"; GPX allows none, 2d, 3d, dgps or pps")
            }
        case .name:
            if pointKind == .waypoint { pointName = text.string }
            else if inMetadata { metadataName = metadataName ?? text.string }
            else if inTrack { trackName = trackName ?? text.string }
        case .type: trackType = trackType ?? text.string
        }
    }
}
