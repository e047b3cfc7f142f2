import Foundation

/// A route to follow on a watch: its name and sport, and its path with the times of the
/// run that made it (a watch's virtual partner runs that pace). Written as a GPX route
/// (`<rte>`), a TCX `<Course>` or a FIT course file, the three a Garmin imports.
///
/// ```swift
/// let course = Course(name: "Canal loop", activity: run)
/// try course.fit().write(to: url)   // Garmin Connect → Courses → Import
/// ```
public struct Course: Sendable {
    public var name: String
    public var sport: Sport
    /// The path: positioned, timed fixes in order.
    public var path: [Fix]
    /// The distance along the path at each of its fixes, as the run's summary measures it.
    public var distances: [Double]

    /// The course of the route made from `activity`: its positioned, timed fixes, with the
    /// distances its summary measures at them.
    public init(name: String, activity: Activity) {
        self.name = name
        sport = activity.sport
        let along = FixDistances.of(activity)
        var path: [Fix] = [], distances: [Double] = []
        for (fix, distance) in zip(activity.track.fixes, along) where fix.time != nil && fix.coordinate?.isValid == true {
            path.append(fix)
            distances.append(distance ?? distances.last ?? 0)
        }
        self.path = path
        self.distances = distances
    }

    /// The course of a planned line (`coordinates`, with `elevations`), timed at an even
    /// `speed` m/s from `start` (a watch's virtual partner needs a time at each point),
    /// its distances geodesic.
    public init(name: String, sport: Sport, coordinates: [Coordinate], elevations: [Double?], speed: Double, start: Date) {
        self.name = name
        self.sport = sport
        var distances: [Double] = []
        var path: [Fix] = []
        for (index, coordinate) in coordinates.enumerated() {
            let distance = index == 0 ? 0 : distances[index - 1] + Geodesy.distance(coordinates[index - 1], coordinate)
            distances.append(distance)
            path.append(Fix(time: start.addingTimeInterval(distance / speed), coordinate: coordinate, elevation: elevations[index]))
        }
        self.path = path
        self.distances = distances
    }

    /// The name as a watch shows it: TCX and FIT courses allow 15 characters.
    public var shortName: String { String(name.prefix(15)).trimmingCharacters(in: .whitespaces) }

    /// Metres from start to finish.
    public var length: Double { distances.last ?? 0 }

    /// Seconds the run that made it took, first point to last.
    public var seconds: Double {
        guard let first = path.first?.time, let last = path.last?.time else { return 0 }
        return last.timeIntervalSince(first)
    }

    /// GPX 1.1 with the path as one named `<rte>` (no times: a route is a plan).
    public func gpx() -> String {
        GPXWriter.write(Activity(format: .gpx, name: name, sport: sport,
                                 routes: [path.map { Fix(time: nil, coordinate: $0.coordinate, elevation: $0.elevation) }]))
    }

    /// A TCX document with one `<Course>`: its `shortName`, a lap with
    /// the totals and the ends, and a track of timed points with their distance.
    public func tcx() -> String {
        TextOutput.document(reservingCapacity: 1024 + path.count * 200) { out, _, _ in emitTCX(into: &out) }
    }

    private func emitTCX(into out: inout TextOutput) {
        out.append("""
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2 \
            http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd">
             <Courses>
              <Course>
               <Name>
            """)
        out.append(xmlEscaped: shortName)
        out.append("</Name>\n   <Lap>\n    <TotalTimeSeconds>")
        out.append(decimal: seconds, fractionDigits: 3)
        out.append("</TotalTimeSeconds>\n    <DistanceMeters>")
        out.append(decimal: length, fractionDigits: 3)
        out.append("</DistanceMeters>\n")
        for (tag, fix) in [("BeginPosition", path.first), ("EndPosition", path.last)] {
            guard let coordinate = fix?.coordinate else { continue }
            out.appendRaw("    <\(tag)>")
            appendPosition(coordinate, into: &out)
            out.appendRaw("</\(tag)>\n")
        }
        out.append("    <Intensity>Active</Intensity>\n   </Lap>\n   <Track>\n")
        for (fix, distance) in zip(path, distances) {
            out.append("    <Trackpoint><Time>")
            out.append(timestamp: fix.time!)
            out.append("</Time><Position>")
            appendPosition(fix.coordinate!, into: &out)
            out.append("</Position>")
            if let elevation = fix.elevation, elevation.isFinite {
                out.append("<AltitudeMeters>")
                out.append(decimal: elevation, fractionDigits: 4)
                out.append("</AltitudeMeters>")
            }
            out.append("<DistanceMeters>")
            out.append(decimal: distance, fractionDigits: 3)
            out.append("</DistanceMeters></Trackpoint>\n")
        }
        out.append("   </Track>\n  </Course>\n </Courses>\n</TrainingCenterDatabase>\n")
    }

    private func appendPosition(_ coordinate: Coordinate, into out: inout TextOutput) {
        out.append("<LatitudeDegrees>")
        out.append(decimal: coordinate.latitude, fractionDigits: 9)
        out.append("</LatitudeDegrees><LongitudeDegrees>")
        out.append(decimal: coordinate.longitude, fractionDigits: 9)
        out.append("</LongitudeDegrees>")
    }

    /// A FIT course file: `file_id` (course), `course` (`shortName`, sport), a lap
    /// with the totals and the ends, a timer start, a record per point and a timer stop.
    public func fit() -> Data {
        var out = FITEncoder()
        let start = path.first?.time ?? Date(timeIntervalSince1970: FITProfile.epochOffset)
        let end = path.last?.time ?? start
        out.define(FITEncoder.Local.fileID, global: FITProfile.Message.fileID, [(0, .enum), (1, .uint16), (2, .uint16), (4, .uint32)])
        out.data(FITEncoder.Local.fileID) { $0.enum(6); $0.uint16(255); $0.uint16(0); $0.time(start) }  // course, development
        out.define(FITEncoder.Local.course, global: FITProfile.Message.course, [(4, .enum), (5, .string16)])
        out.data(FITEncoder.Local.course) { $0.enum(FITWriter.sportNumber(for: sport)); $0.string16(shortName) }
        out.define(FITEncoder.Local.lap, global: FITProfile.Message.lap, [
            (253, .uint32), (2, .uint32), (3, .sint32), (4, .sint32), (5, .sint32), (6, .sint32), (7, .uint32), (8, .uint32), (9, .uint32),
        ])
        out.data(FITEncoder.Local.lap) { out in
            out.time(end); out.time(start)
            for coordinate in [path.first?.coordinate, path.last?.coordinate] {
                out.sint32(coordinate.flatMap { FITEncoder.semicircles($0.latitude) }); out.sint32(coordinate.flatMap { FITEncoder.semicircles($0.longitude) })
            }
            out.scaled(seconds, 1000); out.scaled(seconds, 1000); out.scaled(length, 100)
        }
        out.define(FITEncoder.Local.event, global: FITProfile.Message.event, [(253, .uint32), (0, .enum), (1, .enum)])
        out.timer(.start, at: start)
        out.define(FITEncoder.Local.record, global: FITProfile.Message.record, [(253, .uint32), (0, .sint32), (1, .sint32), (78, .uint32), (5, .uint32)])
        for (fix, distance) in zip(path, distances) { out.coursePoint(fix, time: fix.time!, distance: distance) }
        out.timer(.stopDisableAll, at: end)
        return out.file(profileVersion: FITWriter.profileVersion)
    }
}
