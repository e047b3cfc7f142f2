import Foundation

/// Reads Garmin Training Center XML (TCX v2): activities and courses, laps, and
/// trackpoints with or without position, heart rate, cadence, and the ActivityExtension
/// speed, run cadence and power.
///
/// Each `<Activity>` (or `<Course>`) is one activity, its laps, totals and sport its own:
/// a Training Center history of four activities reads as four, not as one eight days
/// long. Each `<Track>` becomes one track segment. Trackpoints without `<Position>` (written
/// while the GPS had no lock) are kept as fixes without a coordinate. Lap totals go to
/// `Activity.laps` and `deviceTotals`, as the device's own opinion. Trackpoints, tracks and
/// laps are counted as they are read, and the file refused at the first past `FileLimits`.
///
/// ```swift
/// let activity = try TCXReader.read(ByteStream(contentsOf: url))
/// activity.track.fixCount  // 384
/// ```
public enum TCXReader {
    /// Reads a TCX document's activities and courses, in file order (at least one).
    /// - Throws: `ActivityFileError` naming the line and the problem.
    /// - Complexity: O(n) in the bytes of the file.
    public static func readAll(_ stream: ByteStream) throws -> [Activity] {
        var handler = TCXHandler()
        try XMLScanner.scan(stream, into: &handler)
        guard handler.sawRoot else {
            throw ActivityFileError(.unsupportedFormat, "not a TCX file: the root element is not <TrainingCenterDatabase>")
        }
        try handler.finishActivity()
        return handler.activities.isEmpty ? [Activity(format: .tcx)] : handler.activities
    }

    /// Reads a TCX document as one activity (`Activity(joining:)`).
    public static func read(_ stream: ByteStream) throws -> Activity {
        Activity(joining: try readAll(stream))
    }
}

private struct TCXHandler: XMLHandler {
    enum Field { case time, latitude, longitude, altitude, distance, heartRate, cadence, speed, power, lapTime, lapDistance, name }

    var activities: [Activity] = []
    var activity = Activity(format: .tcx)
    var sawRoot = false
    var depth = 0
    var lapDepth = 0
    var inTrackpoint = false
    var inHeartRate = false
    var inPosition = false
    var fix = Fix()
    var latitude: Double?
    var longitude: Double?
    var segment: [Fix] = []
    var lap = Lap()
    var lapTimeSum = 0.0
    var lapDistanceSum = 0.0
    var capture: Field?
    /// Trackpoints, tracks and laps read so far, against `FileLimits`.
    var count = FileCount()

    mutating func startElement(_ name: XMLBytes, attributes: XMLAttributes) throws {
        depth += 1
        capture = nil
        if depth == 1 {
            sawRoot = name.isLocal("TrainingCenterDatabase")
            return
        }
        if inTrackpoint {
            if name.isLocal("Time") { capture = .time }
            else if name.isLocal("LatitudeDegrees") { capture = .latitude }
            else if name.isLocal("LongitudeDegrees") { capture = .longitude }
            else if name.isLocal("AltitudeMeters") { capture = .altitude }
            else if name.isLocal("DistanceMeters") { capture = .distance }
            else if name.isLocal("HeartRateBpm") { inHeartRate = true }
            else if name.isLocal("Value") && inHeartRate { capture = .heartRate }
            else if name.isLocal("Cadence") || name.isLocal("RunCadence") { capture = .cadence }
            else if name.isLocal("Speed") { capture = .speed }
            else if name.isLocal("Watts") { capture = .power }
            else if name.isLocal("Position") { inPosition = true; latitude = nil; longitude = nil }
            return
        }
        if name.isLocal("Trackpoint") {
            try count.add(.point)
            inTrackpoint = true
            fix = Fix()
        } else if name.isLocal("Track") {
            try count.add(.segment)
            segment = []
        } else if name.isLocal("Lap") {
            try count.add(.lap)
            lapDepth = depth
            lap = Lap(startTime: try attributes["StartTime"].flatMap { value in
                guard let date = TextNumbers.date(value.raw) else {
                    throw XMLContentError(.invalidValue, "<Lap> StartTime is not an ISO 8601 time")
                }
                return date
            })
        } else if depth == lapDepth + 1 && name.isLocal("TotalTimeSeconds") {
            capture = .lapTime
        } else if depth == lapDepth + 1 && name.isLocal("DistanceMeters") {
            capture = .lapDistance
        } else if name.isLocal("Activity") || name.isLocal("Course") {
            try finishActivity()
            if let sportName = attributes["Sport"]?.decodedString(), let sport = Sport(fileName: sportName) {
                activity.sport = sport
            }
        } else if name.isLocal("Name") && depth == 4 {
            capture = .name
        }
    }

    mutating func endElement(_ name: XMLBytes, text: XMLBytes) throws {
        depth -= 1
        if let field = capture {
            capture = nil
            try store(field, ElementText(text))
            return
        }
        if inTrackpoint {
            if name.isLocal("Trackpoint") {
                segment.append(fix)
                inTrackpoint = false
            } else if name.isLocal("HeartRateBpm") {
                inHeartRate = false
            } else if name.isLocal("Position") {
                inPosition = false
                try storePosition()
            }
            return
        }
        if name.isLocal("Track") {
            activity.track.segments.append(segment)
            segment = []
        } else if name.isLocal("Lap") {
            activity.laps.append(lap)
            lapTimeSum += lap.timerSeconds ?? 0
            lapDistanceSum += lap.distanceMeters ?? 0
            lapDepth = 0
        } else if name.isLocal("Activity") || name.isLocal("Course") {
            try finishActivity()
        }
    }

    /// Ends the activity being read, keeping it when it holds anything, its laps summed
    /// into its totals.
    mutating func finishActivity() throws {
        if !activity.track.segments.isEmpty || !activity.laps.isEmpty {
            guard activities.count < ActivityReader.maximumActivities else {
                throw XMLContentError(.invalidValue, "more than \(ActivityReader.maximumActivities) activities in one file")
            }
            if !activity.laps.isEmpty {
                activity.deviceTotals = DeviceTotals(distanceMeters: lapDistanceSum, timerSeconds: lapTimeSum)
            }
            activities.append(activity)
        }
        activity = Activity(format: .tcx)
        lapTimeSum = 0
        lapDistanceSum = 0
    }

    private mutating func storePosition() throws {
        guard let latitude, let longitude else {
            throw XMLContentError(.invalidValue, "<Position> needs both <LatitudeDegrees> and <LongitudeDegrees>")
        }
        guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            throw XMLContentError(.invalidValue, "<Position> \(latitude), \(longitude) is outside the range of latitudes and longitudes")
        }
        fix.coordinate = Coordinate(latitude: latitude, longitude: longitude)
    }

    private mutating func store(_ field: Field, _ text: ElementText) throws {
        switch field {
        case .time: fix.time = try text.date("Time")
        case .latitude: latitude = try text.double("LatitudeDegrees")
        case .longitude: longitude = try text.double("LongitudeDegrees")
        case .altitude: fix.elevation = try text.double("AltitudeMeters")
        case .distance: fix.distance = try text.double("DistanceMeters")
        case .heartRate: fix.heartRate = try text.int("HeartRateBpm")
        case .cadence: fix.cadence = try text.int("Cadence")
        case .speed: fix.speed = try text.double("Speed")
        case .power: fix.power = try text.int("Watts")
        case .lapTime: lap.timerSeconds = try text.double("TotalTimeSeconds")
        case .lapDistance: lap.distanceMeters = try text.double("DistanceMeters")
        case .name: activity.name = activity.name ?? text.name
        }
    }
}
