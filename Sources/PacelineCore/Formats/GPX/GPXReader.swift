import Foundation

/// Reads GPX 1.0 and 1.1 files: tracks and their segments, routes, waypoints, and
/// the Garmin TrackPointExtension (heart rate, cadence) plus the speed, power and
/// accuracy extensions phones write.
///
/// Streaming: elements are handled as the scanner meets them; only the fixes are kept.
/// Each `<trkseg>` becomes one track segment. Tracks follow one another in file order
/// as one activity, as every peer reads them, unless time says they are apart: a
/// `<trk>` whose times all lie `ElapsedTime.clockJump` (3 h) or more after (or before)
/// those of the activity so far starts a new one, so a GPX of three days' walks is three
/// activities while a GPS's "ACTIVE LOG #2…#8" of one afternoon stay one. Untimed
/// tracks stay with the activity they follow (the first one, when they lead); routes and
/// waypoints belong to the first activity.
///
/// Points of every kind and segments are counted as they are read, and the file refused at
/// the first past `FileLimits`.
///
/// Points with a latitude outside ±90° or a longitude outside ±180°, unparseable
/// numbers or times, and `<fix>` values outside the GPX schema are refused with the
/// line they stand on: such a file is broken, and guessing would turn it into a wrong run.
///
/// ```swift
/// let activity = try GPXReader.read(ByteStream(contentsOf: url))
/// activity.track.fixCount  // 988
/// ```
public enum GPXReader {
    /// Reads a GPX document's activities, in file order (at least one).
    /// - Throws: `ActivityFileError` naming the line and the problem.
    /// - Complexity: O(n) in the bytes of the file.
    public static func readAll(_ stream: ByteStream) throws -> [Activity] {
        var handler = GPXHandler(stream: stream)
        try XMLScanner.scan(stream, into: &handler)
        guard handler.sawGPX else {
            throw ActivityFileError(.unsupportedFormat, "not a GPX file: the root element is not <gpx>")
        }
        return handler.activities()
    }

    /// Reads a GPX document as one activity (`Activity(joining:)`).
    public static func read(_ stream: ByteStream) throws -> Activity {
        Activity(joining: try readAll(stream))
    }
}

/// One `<trk>`: its segments, name, type and the span of its times.
struct GPXTrack {
    var segments: [[Fix]] = []
    var name: String?
    var type: String?
    var earliest: Date?
    var latest: Date?

    mutating func include(_ time: Date) {
        earliest = min(earliest ?? time, time)
        latest = max(latest ?? time, time)
    }

    /// Takes in what `rest`, the same track's later part read as another piece, found:
    /// its name and type if this part had none, and its times.
    mutating func include(_ rest: GPXTrack) {
        name = name ?? rest.name
        type = type ?? rest.type
        if let earliest = rest.earliest, let latest = rest.latest {
            include(earliest)
            include(latest)
        }
    }

    /// Whether this track's times lie `ElapsedTime.clockJump` or more from `other`'s.
    func isApart(from other: GPXTrack) -> Bool {
        guard let earliest, let latest, let otherEarliest = other.earliest, let otherLatest = other.latest else { return false }
        return earliest >= otherLatest + ElapsedTime.clockJump || latest <= otherEarliest - ElapsedTime.clockJump
    }
}

/// What a GPX document, or one piece of it (`GPXPieces`), holds, gathered as the scanner
/// meets its elements.
struct GPXHandler: XMLHandler {
    /// Where a point element stands.
    enum PointKind { case none, track, route, waypoint }

    /// Leaf elements whose text we read.
    enum Field { case elevation, time, heartRate, cadence, power, speed, accuracy, fix, name, type }

    /// The most `<trk>`s a file may hold (as many as a recording's segments may be).
    static let maximumTracks = 10_000
    var tracks: [GPXTrack] = []
    var track = GPXTrack()
    /// Points and segments read so far, against `FileLimits`.
    var count = FileCount()
    var routes: [[Fix]] = []
    var waypoints: [Waypoint] = []
    var sawGPX = false
    var depth = 0
    var inTrack = false
    var inMetadata = false
    var inRoute = false
    var pointKind = PointKind.none
    var fix = Fix()
    var pointName: String?
    var segment: [Fix] = []
    /// Where the segment began in the input.
    var segmentStart = 0
    var route: [Fix] = []
    var capture: Field?
    var metadataName: String?
    /// The input, for how far it has come (`reserveForRest`).
    let stream: ByteStream
    /// Where the input ends, for how much of it is left (`reserveForRest`).
    let inputEnd: Int?

    /// A handler for a whole document; or for the first piece of a file `inputEnd` bytes
    /// long, so that its segment has room for the pieces joined to it.
    init(stream: ByteStream, inputEnd: Int? = nil) {
        self.stream = stream
        self.inputEnd = inputEnd ?? stream.totalBytes
        isLaterPiece = false
    }

    /// A handler for a later piece of a file read in pieces, which starts between two
    /// `<trkpt>`s of a segment that an earlier piece opened (`GPXPieces`): what it reads
    /// before closing that segment and track continues them. It reserves for a file that
    /// ends at `inputEnd`.
    init(pieceOf stream: ByteStream, insideSegmentUntil inputEnd: Int?) {
        self.stream = stream
        self.inputEnd = inputEnd
        isLaterPiece = true
        sawGPX = true
        depth = 3
        inTrack = true
        segmentStart = stream.offset
    }

    /// Whether this handler reads a later piece of a file (`init(pieceOf:insideSegmentUntil:)`).
    let isLaterPiece: Bool
    /// Whether a later piece met a track, segment or route opened or closed where the GPX
    /// schema puts none (inside a point, or a segment inside a segment). Reading the whole
    /// file, such a tag empties or closes what the earlier piece holds (the segment, the
    /// track, the route last read), which a piece can't do: the file must be read whole.
    private(set) var needsWholeFile = false

    /// Notes a track, segment or route tag handled at `depth` in a later piece, where the
    /// schema puts it at `expected`.
    private mutating func check(depth: Int, expected: Int) {
        if isLaterPiece && depth != expected { needsWholeFile = true }
    }

    /// Whether the scanner stands inside a track's segment, between two points, as a
    /// later piece starts (`init(pieceOf:insideSegmentUntil:)`).
    var isBetweenPointsOfSegment: Bool {
        sawGPX && depth == 3 && inTrack && !inMetadata && !inRoute && pointKind == .none && capture == nil
    }

    /// Takes in `next`, the handler of the piece that follows this one: its first segment
    /// and track continue this one's open ones.
    mutating func append(_ next: GPXHandler) throws {
        try count.include(next.count)
        let closedTrack = !next.tracks.isEmpty
        let continued = closedTrack ? next.tracks[0] : next.track
        if continued.segments.isEmpty {
            segment += next.segment
        } else {
            segment += continued.segments[0]
            track.segments.append(segment)
            track.segments += continued.segments.dropFirst()
            segment = next.segment
        }
        track.include(continued)
        if closedTrack {
            try finishTrack()
            for later in next.tracks.dropFirst() {
                track = later
                try finishTrack()
            }
            track = next.track
        }
        routes += next.routes
        waypoints += next.waypoints
        metadataName = metadataName ?? next.metadataName
        depth = next.depth
        inTrack = next.inTrack
        inMetadata = next.inMetadata
        inRoute = next.inRoute
        pointKind = next.pointKind
        capture = next.capture
        route = next.route
    }

    /// Fixes a segment holds before it makes room for as many more as the rest of the file
    /// can hold at the bytes per fix so far: a long recording then grows once, not a dozen
    /// times (each a copy into fresh memory the kernel must fault in; docs/PERFORMANCE.md).
    /// Each segment that gets this long reserves (a recording paused three times is four
    /// long segments), at most `reserveAtMost` fixes in all: a file of thousands of
    /// segments, or of tiny points after big ones, must not reserve more than a real
    /// recording needs.
    static let reserveAfter = 4_096
    /// The most fixes a file reserves, over all its segments: 88 MB, a day at one a second.
    static let reserveAtMost = 1_000_000
    /// Fixes this file has reserved so far.
    var reservedFixes = 0

    /// Makes room in the segment for the rest of the input at its bytes per fix so far,
    /// and an eighth more, as later fixes may be shorter. Room never used costs no memory
    /// (the kernel gives a page when it is first written); a segment that outgrows it after
    /// all grows by doubling.
    mutating func reserveForRest() {
        guard let inputEnd, reservedFixes < Self.reserveAtMost else { return }
        let perFix = max(1, (stream.offset - segmentStart) / segment.count)
        let rest = max(0, inputEnd - stream.offset) / perFix
        let more = min(Self.reserveAtMost - reservedFixes, rest + rest / 8 + 1)
        reservedFixes += more
        segment.reserveCapacity(segment.count + more)
    }

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
            check(depth: depth, expected: 3)
            try count.add(.segment)
            segment = []
            segmentStart = stream.offset
        } else if name.isLocal("trk") {
            check(depth: depth, expected: 2)
            inTrack = true
            track = GPXTrack()
        } else if name.isLocal("rtept") {
            try beginPoint(.route, attributes)
        } else if name.isLocal("wpt") {
            try beginPoint(.waypoint, attributes)
        } else if name.isLocal("rte") {
            check(depth: depth, expected: 2)
            try count.add(.segment)  // a route is kept as a line of its own, as a segment is
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
            if segment.count == Self.reserveAfter { reserveForRest() }
            pointKind = .none
            return
        case .route where name.isLocal("rtept"):
            route.append(fix)
            pointKind = .none
            return
        case .waypoint where name.isLocal("wpt"):
            waypoints.append(Waypoint(name: pointName, fix: fix))
            pointKind = .none
            return
        default:
            if pointKind != .none { return }
        }
        if name.isLocal("trkseg") {
            check(depth: depth + 1, expected: 3)
            track.segments.append(segment)
            segment = []
            if !inTrack { try finishTrack() }  // a <trkseg> outside any <trk>
        } else if name.isLocal("trk") {
            check(depth: depth + 1, expected: 2)
            inTrack = false
            try finishTrack()
        } else if name.isLocal("rte") {
            check(depth: depth + 1, expected: 2)
            routes.append(route)
            inRoute = false
        } else if name.isLocal("metadata") {
            inMetadata = false
        }
    }

    mutating func finishTrack() throws {
        guard tracks.count < GPXHandler.maximumTracks else {
            throw XMLContentError(.invalidValue, "more than \(GPXHandler.maximumTracks) <trk> elements in one file")
        }
        tracks.append(track)
        track = GPXTrack()
    }

    /// The tracks grouped into activities (see `GPXReader`).
    func activities() -> [Activity] {
        var groups: [GPXTrack] = []
        for track in tracks {
            if let last = groups.last, !track.isApart(from: last) {
                groups[groups.count - 1].segments += track.segments
                groups[groups.count - 1].name = last.name ?? track.name
                groups[groups.count - 1].type = last.type ?? track.type
                if let earliest = track.earliest, let latest = track.latest {
                    groups[groups.count - 1].include(earliest)
                    groups[groups.count - 1].include(latest)
                }
            } else {
                groups.append(track)
            }
        }
        if groups.isEmpty { groups = [GPXTrack()] }
        var activities = groups.map { group in
            Activity(format: .gpx, name: group.name ?? metadataName,
                     sport: group.type.flatMap(Sport.init(fileName:)) ?? .other, track: Track(segments: group.segments))
        }
        activities[0].routes = routes
        activities[0].waypoints = waypoints
        return activities
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
        try count.add(.point)
        fix = Fix(coordinate: Coordinate(latitude: latitude, longitude: longitude))
        pointName = nil
        pointKind = kind
    }

    private mutating func store(_ field: Field, _ text: ElementText) throws {
        switch field {
        case .elevation: fix.elevation = try text.double("ele")
        case .time:
            let time = try text.date("time")
            fix.time = time
            if pointKind == .track, let time { track.include(time) }
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
            if pointKind == .waypoint { pointName = text.name }
            else if inMetadata { metadataName = metadataName ?? text.name }
            else if inTrack { track.name = track.name ?? text.name }
        case .type: track.type = track.type ?? text.name
        }
    }
}
