import Foundation
import Testing
@testable import PacelineCore
import PacelineTestSupport

@Suite struct TCXWriterTests {
    /// Reads a TCX file with tcxreader (keeping trackpoints without a position)
    /// and prints its content as JSON.
    static let tcxreaderReader = """
        import datetime, json, sys
        from tcxreader.tcxreader import TCXReader
        EPOCH = datetime.datetime(1970, 1, 1)
        def ms(t):
            if t is None:
                return None
            if t.tzinfo is not None:
                t = t.astimezone(datetime.timezone.utc).replace(tzinfo=None)
            d = t - EPOCH
            return (d.days * 86400 + d.seconds) * 1000 + d.microseconds // 1000
        ex = TCXReader().read(sys.argv[1], only_gps=False)
        print(json.dumps({
            "sport": ex.activity_type, "distance": ex.distance,
            "laps": [{"distance": l.distance, "points": len(l.trackpoints)} for l in ex.laps],
            "points": [{"lat": p.latitude, "lon": p.longitude, "ele": p.elevation, "dist": p.distance,
                        "ms": ms(p.time), "hr": p.hr_value, "cad": p.cadence, "watts": p.tpx_ext.get("Watts")}
                       for p in ex.trackpoints],
        }))
        """

    /// `tcx` as tcxreader reads it.
    static func readWithTcxreader(_ tcx: String) throws -> [String: Any] {
        let url = try PythonPeer.temporaryFile(named: "activity.tcx", contents: tcx)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        return JSONValue.object(try PythonPeer.runJSON(tcxreaderReader, arguments: [url.path], requiring: [.tcxreader]))
    }

    @Test func tcxreaderReadsBackTrackpoints() throws {
        let activity = SyntheticActivities.twoSegmentRun()
        let read = try Self.readWithTcxreader(TCXWriter.write(activity))

        #expect(JSONValue.string(read["sport"]) == "Running")
        let fixes = activity.track.fixes
        let points = JSONValue.array(read["points"])
        try #require(points.count == fixes.count)
        var previousDistance = 0.0
        for (point, fix) in zip(points, fixes) {
            let point = JSONValue.object(point)
            #expect(abs((JSONValue.double(point["lat"]) ?? .nan) - fix.coordinate!.latitude) < 1e-7)
            #expect(abs((JSONValue.double(point["lon"]) ?? .nan) - fix.coordinate!.longitude) < 1e-7)
            if let elevation = fix.elevation {
                #expect(abs((JSONValue.double(point["ele"]) ?? .nan) - elevation) < 1e-3)
            } else {
                #expect(JSONValue.double(point["ele"]) == nil)
            }
            #expect(JSONValue.int(point["ms"]) == epochMilliseconds(fix.time))
            #expect(JSONValue.int(point["hr"]) == fix.heartRate)
            #expect(JSONValue.int(point["cad"]) == fix.cadence)
            #expect(JSONValue.int(point["watts"]) == fix.power)
            let distance = try #require(JSONValue.double(point["dist"]))
            #expect(distance >= previousDistance)
            previousDistance = distance
        }

        // The distance the summary reports, at every fix: the file read back has it.
        let expectedLength = ActivitySummary(activity).distanceMeters
        #expect(abs(previousDistance - expectedLength) < 0.001)
        #expect(abs(ActivitySummary(try ActivityReader.read(Data(TCXWriter.write(activity).utf8), format: .tcx)).distanceMeters - expectedLength) < 0.001)
        let laps = JSONValue.array(read["laps"])
        try #require(laps.count == 1)
        #expect(JSONValue.int(JSONValue.object(laps[0])["points"]) == fixes.count)
        #expect(abs((JSONValue.double(read["distance"]) ?? .nan) - expectedLength) < 0.001)
    }

    @Test func singleLapSummarisesTheTrack() {
        let tcx = TCXWriter.write(SyntheticActivities.twoSegmentRun())
        #expect(tcx.contains("<Id>2017-06-11T14:34:09Z</Id>"))
        #expect(tcx.contains("<Lap StartTime=\"2017-06-11T14:34:09Z\">"))
        // 299 s in segment 1 plus 199 × 0.25 s in segment 2; the pause between is not timer time.
        #expect(tcx.contains("<TotalTimeSeconds>348.75</TotalTimeSeconds>"))
        #expect(tcx.contains("<Intensity>Active</Intensity>"))
        #expect(tcx.contains("<TriggerMethod>Manual</TriggerMethod>"))
        #expect(occurrences(of: "<Lap ", in: tcx) == 1)
        #expect(occurrences(of: "<Track>", in: tcx) == 2)
        #expect(tcx.contains("<Notes>Morning run &lt;Rožnik&gt; &amp; more</Notes>"))
        #expect(tcx.contains("<Extensions><ns3:TPX><ns3:Watts>200</ns3:Watts></ns3:TPX></Extensions>"))
        #expect(tcx.contains("<Time>2017-06-11T14:44:09.250Z</Time>"))
    }

    @Test func deviceLapsSplitTheFixes() throws {
        var activity = SyntheticActivities.twoSegmentRun()
        let start = SyntheticActivities.start
        activity.laps = [
            Lap(startTime: start.addingTimeInterval(150), distanceMeters: 500),
            Lap(startTime: start, timerSeconds: 100),
        ]
        let tcx = TCXWriter.write(activity)
        #expect(occurrences(of: "<Lap ", in: tcx) == 2)
        #expect(tcx.contains("<Lap StartTime=\"2017-06-11T14:34:09Z\">\n    <TotalTimeSeconds>100</TotalTimeSeconds>"))
        // The second lap: 149 s of segment 1 and all of segment 2 (49.75 s), device distance.
        #expect(tcx.contains("<Lap StartTime=\"2017-06-11T14:36:39Z\">\n    <TotalTimeSeconds>198.75</TotalTimeSeconds>\n    <DistanceMeters>500</DistanceMeters>"))
        #expect(occurrences(of: "<Track>", in: tcx) == 3)

        let read = try Self.readWithTcxreader(tcx)
        let lapPoints = JSONValue.array(read["laps"]).map { JSONValue.int(JSONValue.object($0)["points"]) }
        #expect(lapPoints == [150, 350])
    }

    @Test func sportNames() {
        #expect(TCXWriter.sportName(for: .run) == "Running")
        #expect(TCXWriter.sportName(for: .ride) == "Biking")
        for sport in [Sport.walk, .hike, .swim, .other] {
            #expect(TCXWriter.sportName(for: sport) == "Other")
        }
    }

    @Test func fixesWithTimeAreKeptWithoutCoordinatesAndFixesWithoutTimeAreSkipped() throws {
        let start = SyntheticActivities.start
        let fixes = [
            Fix(time: start, coordinate: Coordinate(latitude: 46, longitude: 14), heartRate: 100),
            Fix(time: start.addingTimeInterval(1), heartRate: 101),
            Fix(time: start.addingTimeInterval(2), coordinate: Coordinate(latitude: 46.00005, longitude: 14), heartRate: 102),
            Fix(time: start.addingTimeInterval(3), coordinate: Coordinate(latitude: .nan, longitude: 14)),
            Fix(coordinate: Coordinate(latitude: 46.0002, longitude: 14), heartRate: 999),
            Fix(time: start.addingTimeInterval(4), heartRate: 104),
        ]
        let activity = Activity(format: .tcx, sport: .walk, track: Track(segments: [fixes]))
        let tcx = TCXWriter.write(activity)
        #expect(occurrences(of: "<Trackpoint>", in: tcx) == 5)
        #expect(occurrences(of: "<Position>", in: tcx) == 2)
        #expect(!tcx.contains("nan"))
        #expect(tcx.contains("<Activity Sport=\"Other\">"))

        let read = try Self.readWithTcxreader(tcx)
        let points = JSONValue.array(read["points"]).map(JSONValue.object)
        #expect(points.count == 5)
        #expect(points.map { JSONValue.int($0["hr"]) } == [100, 101, 102, nil, 104])
        #expect(points.map { JSONValue.double($0["lat"]) != nil } == [true, false, true, false, false])
        // A fix the summary leaves out (no position, one off the Earth, no time in a timed
        // segment) repeats the distance so far (about 5.56 m per 0.00005°).
        let distances = points.map { JSONValue.double($0["dist"]) ?? .nan }
        #expect(distances[0] == 0 && distances[1] == 0)
        #expect(abs(distances[2] - 5.56) < 0.03)
        #expect(distances[3] == distances[2] && distances[4] == distances[2])
    }

    @Test func activityWithoutTimesStillHasAnId() {
        let activity = Activity(format: .gpx, track: Track(segments: [[Fix(latitude: 1, longitude: 2)]]))
        let tcx = TCXWriter.write(activity)
        #expect(tcx.contains("<Id>1970-01-01T00:00:00Z</Id>"))
        #expect(occurrences(of: "<Trackpoint>", in: tcx) == 0)
        #expect(occurrences(of: "<Lap ", in: tcx) == 1)
    }

    @Test func streamingMatchesSingleString() {
        let activity = SyntheticActivities.longRun(fixCount: 3_000)
        var streamed = ""
        TCXWriter.write(activity, to: &streamed)
        #expect(streamed == TCXWriter.write(activity))
    }
}
