import Foundation
import PacelineCore
import PacelineTestSupport
import Testing

/// A route as a course for a watch: GPX route, TCX Course, FIT course, each read back by
/// a peer (gpxpy, Python's XML parser, fitdecode).
@Suite struct CourseTests {
    static func course() throws -> (Course, ActivitySummary) {
        let activity = try ActivityReader.read(contentsOf: Fixtures.track("fit/2013-02-06-12-11-14.fit"))
        return (Course(name: "Loch Ness hill run & back", activity: activity), ActivitySummary(activity))
    }

    @Test func theFITCourseIsWhatAGarminImports() throws {
        let (course, summary) = try Self.course()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("course-\(UUID().uuidString).fit")
        try course.fit().write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let read = JSONValue.object(try PythonPeer.runJSON("""
            import fitdecode, json, sys
            out = {"records": 0}
            with fitdecode.FitReader(sys.argv[1], check_crc=fitdecode.CrcCheck.RAISE) as fit:
                for frame in fit:
                    if not isinstance(frame, fitdecode.FitDataMessage): continue
                    values = {f.name: f.value for f in frame.fields}
                    if frame.name == "file_id": out["type"] = values["type"]
                    elif frame.name == "course": out["name"], out["sport"] = values["name"], values["sport"]
                    elif frame.name == "lap": out["distance"] = values["total_distance"]
                    elif frame.name == "record": out["records"] += 1; out["last"] = values.get("distance")
            print(json.dumps(out))
            """, arguments: [url.path], requiring: [.fitdecode]))
        #expect(JSONValue.string(read["type"]) == "course")
        #expect(JSONValue.string(read["name"]) == "Loch Ness hill")  // 15 characters, as a watch shows
        #expect(JSONValue.string(read["sport"]) == "running")
        #expect(JSONValue.int(read["records"]) == course.path.count && course.path.count > 500)
        #expect(abs((JSONValue.double(read["distance"]) ?? 0) - summary.distanceMeters) < 0.01)
        #expect(abs((JSONValue.double(read["last"]) ?? 0) - summary.distanceMeters) < 0.01)
    }

    @Test func theTCXCourseHasANameALapAndATimedTrack() throws {
        let (course, summary) = try Self.course()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("course-\(UUID().uuidString).tcx")
        try Data(course.tcx().utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let read = JSONValue.object(try PythonPeer.runJSON("""
            import json, sys, xml.etree.ElementTree as ET
            ns = {"t": "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"}
            course = ET.parse(sys.argv[1]).getroot().find("t:Courses/t:Course", ns)
            points = course.findall("t:Track/t:Trackpoint", ns)
            print(json.dumps({"name": course.find("t:Name", ns).text,
                              "lap": float(course.find("t:Lap/t:DistanceMeters", ns).text),
                              "points": len(points), "timed": sum(p.find("t:Time", ns) is not None for p in points),
                              "last": float(points[-1].find("t:DistanceMeters", ns).text)}))
            """, arguments: [url.path]))
        #expect(JSONValue.string(read["name"]) == "Loch Ness hill")
        #expect(JSONValue.int(read["points"]) == course.path.count && JSONValue.int(read["timed"]) == course.path.count)
        #expect(abs((JSONValue.double(read["lap"]) ?? 0) - summary.distanceMeters) < 0.01)
        #expect(abs((JSONValue.double(read["last"]) ?? 0) - summary.distanceMeters) < 0.01)
    }

    @Test func theGPXCourseIsANamedRoute() throws {
        let (course, _) = try Self.course()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("course-\(UUID().uuidString).gpx")
        try Data(course.gpx().utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let read = JSONValue.object(try PythonPeer.runJSON("""
            import gpxpy, json, sys
            gpx = gpxpy.parse(open(sys.argv[1]))
            print(json.dumps({"routes": len(gpx.routes), "tracks": len(gpx.tracks), "name": gpx.routes[0].name,
                              "points": len(gpx.routes[0].points), "timed": sum(p.time is not None for p in gpx.routes[0].points)}))
            """, arguments: [url.path], requiring: [.gpxpy]))
        #expect(JSONValue.int(read["routes"]) == 1 && JSONValue.int(read["tracks"]) == 0)
        #expect(JSONValue.string(read["name"]) == "Loch Ness hill run & back")
        #expect(JSONValue.int(read["points"]) == course.path.count && JSONValue.int(read["timed"]) == 0)
    }
}
