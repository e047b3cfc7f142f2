import Foundation
import Testing
@testable import PacelineCore
import PacelineTestSupport

@Suite struct GPXWriterTests {
    /// Reads a GPX file with gpxpy and prints its content as JSON.
    static let gpxpyReader = """
        import datetime, json, sys
        import gpxpy
        EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
        def ms(t):
            if t is None:
                return None
            if t.tzinfo is None:
                t = t.replace(tzinfo=datetime.timezone.utc)
            d = t - EPOCH
            return (d.days * 86400 + d.seconds) * 1000 + d.microseconds // 1000
        def ext(p, name):
            for e in p.extensions:
                for c in e.iter():
                    if isinstance(c.tag, str) and c.tag.split('}')[-1] == name:
                        return int(c.text)
            return None
        def pt(p):
            return {"lat": p.latitude, "lon": p.longitude, "ele": p.elevation, "ms": ms(p.time),
                    "hr": ext(p, "hr"), "cad": ext(p, "cad"), "name": p.name}
        with open(sys.argv[1], encoding="utf-8") as f:
            g = gpxpy.parse(f)
        print(json.dumps({
            "version": g.version, "creator": g.creator, "name": g.name, "time": ms(g.time),
            "tracks": [{"name": t.name, "type": t.type, "segments": [[pt(p) for p in s.points] for s in t.segments]}
                       for t in g.tracks],
            "waypoints": [pt(w) for w in g.waypoints],
            "routes": [[pt(p) for p in r.points] for r in g.routes],
        }))
        """

    /// `gpx` as gpxpy reads it.
    static func readWithGpxpy(_ gpx: String) throws -> [String: Any] {
        let url = try PythonPeer.temporaryFile(named: "activity.gpx", contents: gpx)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        return JSONValue.object(try PythonPeer.runJSON(gpxpyReader, arguments: [url.path], requiring: [.gpxpy]))
    }

    /// Checks one point gpxpy read against the fix it was written from.
    static func expectPoint(_ point: Any, matches fix: Fix, sourceLocation: SourceLocation = #_sourceLocation) {
        let point = JSONValue.object(point)
        let coordinate = fix.coordinate!
        #expect(abs((JSONValue.double(point["lat"]) ?? .nan) - coordinate.latitude) < 1e-7, sourceLocation: sourceLocation)
        #expect(abs((JSONValue.double(point["lon"]) ?? .nan) - coordinate.longitude) < 1e-7, sourceLocation: sourceLocation)
        if let elevation = fix.elevation {
            #expect(abs((JSONValue.double(point["ele"]) ?? .nan) - elevation) < 1e-3, sourceLocation: sourceLocation)
        } else {
            #expect(JSONValue.double(point["ele"]) == nil, sourceLocation: sourceLocation)
        }
        #expect(JSONValue.int(point["ms"]) == epochMilliseconds(fix.time), sourceLocation: sourceLocation)
        #expect(JSONValue.int(point["hr"]) == fix.heartRate, sourceLocation: sourceLocation)
        #expect(JSONValue.int(point["cad"]) == fix.cadence, sourceLocation: sourceLocation)
    }

    @Test func gpxpyReadsBackTrackWaypointsAndRoutes() throws {
        let activity = SyntheticActivities.twoSegmentRun()
        let read = try Self.readWithGpxpy(GPXWriter.write(activity))

        #expect(JSONValue.string(read["version"]) == "1.1")
        #expect(JSONValue.string(read["creator"]) == "Paceline")
        #expect(JSONValue.string(read["name"]) == activity.name)
        #expect(JSONValue.int(read["time"]) == epochMilliseconds(SyntheticActivities.start))

        let tracks = JSONValue.array(read["tracks"])
        try #require(tracks.count == 1)
        let track = JSONValue.object(tracks[0])
        #expect(JSONValue.string(track["name"]) == activity.name)
        #expect(JSONValue.string(track["type"]) == "run")
        let segments = JSONValue.array(track["segments"])
        try #require(segments.count == activity.track.segments.count)
        for (segment, fixes) in zip(segments, activity.track.segments) {
            let points = JSONValue.array(segment)
            try #require(points.count == fixes.count)
            for (point, fix) in zip(points, fixes) {
                Self.expectPoint(point, matches: fix)
            }
        }

        let waypoints = JSONValue.array(read["waypoints"])
        try #require(waypoints.count == activity.waypoints.count)
        for (point, waypoint) in zip(waypoints, activity.waypoints) {
            Self.expectPoint(point, matches: waypoint.fix)
            #expect(JSONValue.string(JSONValue.object(point)["name"]) == waypoint.name)
        }

        let routes = JSONValue.array(read["routes"])
        try #require(routes.count == 1)
        let routePoints = JSONValue.array(routes[0])
        try #require(routePoints.count == activity.routes[0].count)
        for (point, fix) in zip(routePoints, activity.routes[0]) {
            Self.expectPoint(point, matches: fix)
        }
    }

    @Test func timesCarryMillisecondsOnlyWhenFractional() {
        let gpx = GPXWriter.write(SyntheticActivities.twoSegmentRun())
        #expect(gpx.contains("<time>2017-06-11T14:34:09Z</time>"))
        #expect(gpx.contains("<time>2017-06-11T14:44:09Z</time>"))
        #expect(gpx.contains("<time>2017-06-11T14:44:09.250Z</time>"))
        #expect(gpx.contains("<time>2017-06-11T14:44:09.500Z</time>"))
        #expect(!gpx.contains(".000Z"))
    }

    @Test func headerDeclaresNamespacesAndSport() {
        var activity = SyntheticActivities.twoSegmentRun()
        activity.sport = .hike
        let gpx = GPXWriter.write(activity)
        #expect(gpx.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"Paceline\""))
        #expect(gpx.contains("xmlns=\"http://www.topografix.com/GPX/1/1\""))
        #expect(gpx.contains("xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v1\""))
        #expect(gpx.contains("<type>hike</type>"))
        #expect(occurrences(of: "<trkseg>", in: gpx) == 2)
        #expect(gpx.contains("<rtept lat=\"46.0512\" lon=\"14.5054\"/>\n"))
        #expect(gpx.contains("<rtept lat=\"46.0612\" lon=\"14.5154\">\n   <ele>310.5</ele>\n  </rtept>\n"))
        #expect(gpx.contains("<gpxtpx:TrackPointExtension><gpxtpx:hr>120</gpxtpx:hr><gpxtpx:cad>80</gpxtpx:cad></gpxtpx:TrackPointExtension>"))
    }

    @Test("power goes in the point's extensions as <power>, and reads back; a point with power alone has them too")
    func powerIsKept() throws {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        var withEverything = Fix(time: start, coordinate: Coordinate(latitude: 46.05, longitude: 14.5))
        (withEverything.heartRate, withEverything.cadence, withEverything.power) = (140, 88, 251)
        var powerOnly = Fix(coordinate: Coordinate(latitude: 46.06, longitude: 14.51))
        powerOnly.power = 0
        let activity = Activity(format: .gpx, name: nil, sport: .ride, track: Track(segments: [[withEverything, powerOnly]]))
        let gpx = GPXWriter.write(activity)
        #expect(gpx.contains("<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>140</gpxtpx:hr><gpxtpx:cad>88</gpxtpx:cad></gpxtpx:TrackPointExtension><power>251</power></extensions>"))
        #expect(gpx.contains("<extensions><power>0</power></extensions>"))
        let read = try ActivityReader.read(Data(gpx.utf8), format: .gpx).track.fixes
        #expect(read.map(\.power) == [251, 0] && read[0].heartRate == 140 && read[0].cadence == 88)
    }

    @Test func namesAreEscaped() throws {
        let activity = SyntheticActivities.twoSegmentRun()
        let gpx = GPXWriter.write(activity)
        #expect(gpx.contains("<name>Tom &amp; &quot;Jerry&quot; &lt;3&gt; &apos;n&apos; ok</name>"))
        #expect(gpx.contains("<name>Morning run &lt;Rožnik&gt; &amp; more</name>"))
        #expect(!gpx.contains(SyntheticActivities.awkwardName))

        let read = try Self.readWithGpxpy(gpx)
        let names = JSONValue.array(read["waypoints"]).map { JSONValue.string(JSONValue.object($0)["name"]) }
        #expect(names == [SyntheticActivities.awkwardName, "Šmarna gora"])
    }

    @Test func controlCharactersInNamesAreDropped() throws {
        let activity = Activity(format: .gpx, name: "bell\u{7}tab\there", track: Track(segments: [[Fix(latitude: 1, longitude: 2)]]))
        let gpx = GPXWriter.write(activity)
        #expect(gpx.contains("<name>belltab\there</name>"))
        let read = try Self.readWithGpxpy(gpx)
        #expect(JSONValue.string(read["name"]) == "belltab\there")
    }

    @Test func fixesWithoutCoordinatesAreSkipped() throws {
        let start = SyntheticActivities.start
        let fixes = [
            Fix(time: start, coordinate: Coordinate(latitude: 46, longitude: 14), heartRate: 100),
            Fix(time: start.addingTimeInterval(1), heartRate: 101),
            Fix(time: start.addingTimeInterval(2), coordinate: Coordinate(latitude: 46.0001, longitude: 14), heartRate: 102),
            Fix(time: start.addingTimeInterval(3), coordinate: Coordinate(latitude: .nan, longitude: 14)),
            Fix(time: start.addingTimeInterval(4), heartRate: 104),
        ]
        let activity = Activity(format: .tcx, track: Track(segments: [fixes]))
        let gpx = GPXWriter.write(activity)
        #expect(occurrences(of: "<trkpt ", in: gpx) == 2)
        #expect(!gpx.contains("nan"))

        let read = try Self.readWithGpxpy(gpx)
        let segment = JSONValue.array(JSONValue.array(JSONValue.object(JSONValue.array(read["tracks"]).first)["segments"]).first)
        #expect(segment.count == 2)
        #expect(segment.map { JSONValue.int(JSONValue.object($0)["hr"]) } == [100, 102])
    }

    @Test func emptyActivityIsStillAValidDocument() throws {
        let activity = Activity(format: .gpx, track: Track(segments: [[]]))
        let read = try Self.readWithGpxpy(GPXWriter.write(activity))
        let tracks = JSONValue.array(read["tracks"])
        #expect(tracks.count == 1)
        #expect(JSONValue.array(JSONValue.object(tracks.first)["segments"]).count == 1)
        #expect(JSONValue.string(read["name"]) == nil)
    }

    @Test func streamingMatchesSingleString() {
        let activity = SyntheticActivities.longRun(fixCount: 3_000)
        var streamed = ""
        GPXWriter.write(activity, to: &streamed)
        #expect(streamed == GPXWriter.write(activity))
        #expect(occurrences(of: "<trkpt ", in: streamed) == 3_000)
    }

    @Test func coordinatesUseNineDecimalsWithoutTrailingZeros() {
        let fixes = [
            Fix(latitude: 46.05, longitude: -0.0000123, elevation: 300),
            Fix(latitude: -33.123456789012, longitude: 179.9999999999, elevation: -12.34565),
        ]
        let gpx = GPXWriter.write(Activity(format: .gpx, track: Track(segments: [fixes])))
        #expect(gpx.contains("<trkpt lat=\"46.05\" lon=\"-0.0000123\">"))
        #expect(gpx.contains("<ele>300</ele>"))
        #expect(gpx.contains("<trkpt lat=\"-33.123456789\" lon=\"180\">"))
        #expect(gpx.contains("<ele>-12.3457</ele>") || gpx.contains("<ele>-12.3456</ele>"))
    }
}
