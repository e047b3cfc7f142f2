import Foundation
import PacelineCore
import PacelineTestSupport
import Testing

/// FIT files written by Paceline, read back by fitdecode (which checks every CRC) and by
/// Paceline's own reader with the same numbers.
@Suite struct FITWriterTests {
    /// fitdecode's reading of a FIT file: its records and its one session.
    static let fitdecodeReader = """
        import fitdecode, json, sys
        records, sessions, laps = [], [], 0
        with fitdecode.FitReader(sys.argv[1], check_crc=fitdecode.CrcCheck.RAISE) as fit:
            for frame in fit:
                if not isinstance(frame, fitdecode.FitDataMessage):
                    continue
                values = {field.name: field.value for field in frame.fields}
                if frame.name == "record":
                    records.append({"t": values["timestamp"].timestamp(), "lat": values.get("position_lat"),
                                    "lon": values.get("position_long"), "ele": values.get("enhanced_altitude"),
                                    "hr": values.get("heart_rate"), "dist": values.get("distance")})
                elif frame.name == "session":
                    sessions.append({k: (v.timestamp() if hasattr(v, "timestamp") else v) for k, v in values.items()})
                elif frame.name == "lap":
                    laps += 1
        print(json.dumps({"records": records, "sessions": sessions, "laps": laps}))
        """

    static func readWithFitdecode(_ data: Data) throws -> [String: Any] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("paceline-\(UUID().uuidString).fit")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return JSONValue.object(try PythonPeer.runJSON(fitdecodeReader, arguments: [url.path], requiring: [.fitdecode]))
    }

    @Test(arguments: ["fit/2013-02-06-12-11-14.fit", "gpx/run.gpx", "tcx/garmin_connect.tcx"])
    func fitdecodeReadsWhatWasWritten(_ path: String) throws {
        var activity = try ActivityReader.read(contentsOf: Fixtures.track(path))
        activity.inferSportIfUnnamed()
        let summary = ActivitySummary(activity)
        let read = try Self.readWithFitdecode(FITWriter.write(activity))

        let timed = activity.track.fixes.filter { $0.time != nil }
        let records = JSONValue.array(read["records"]).map(JSONValue.object)
        try #require(records.count == timed.count)
        for (record, fix) in zip(records, timed) {
            #expect(JSONValue.double(record["t"]) == fix.time!.timeIntervalSince1970.rounded())
            if let coordinate = fix.coordinate {
                #expect(abs((JSONValue.double(record["lat"]) ?? .nan) * 180 / 2_147_483_648 - coordinate.latitude) < 1e-7)
                #expect(abs((JSONValue.double(record["lon"]) ?? .nan) * 180 / 2_147_483_648 - coordinate.longitude) < 1e-7)
            } else {
                #expect(JSONValue.double(record["lat"]) == nil)
            }
            if let elevation = fix.elevation { #expect(abs((JSONValue.double(record["ele"]) ?? .nan) - elevation) <= 0.1) }
            #expect(JSONValue.int(record["hr"]) == fix.heartRate)
        }
        #expect(abs((JSONValue.double(records.last?["dist"]) ?? .nan) - summary.distanceMeters) < 0.01)

        let sessions = JSONValue.array(read["sessions"]).map(JSONValue.object)
        try #require(sessions.count == 1)
        let session = sessions[0]
        #expect(JSONValue.string(session["sport"]) == ["run": "running", "ride": "cycling"][activity.sport.rawValue])
        #expect(abs((JSONValue.double(session["total_distance"]) ?? .nan) - summary.distanceMeters) < 0.01)
        #expect(abs((JSONValue.double(session["total_elapsed_time"]) ?? .nan) - (summary.elapsedSeconds ?? 0)) < 0.01)
        #expect(JSONValue.double(session["start_time"]) == summary.startTime?.timeIntervalSince1970.rounded(.down))
        #expect(JSONValue.int(read["laps"]) == 1)
    }

    @Test(arguments: ["fit/2013-02-06-12-11-14.fit", "fit/garmin-edge-500-activity.fit", "gpx/garmin_with_extensions.gpx", "tcx/test.tcx"])
    func ourReaderReadsTheSameNumbers(_ path: String) throws {
        var activity = try ActivityReader.read(contentsOf: Fixtures.track(path))
        activity.inferSportIfUnnamed()
        let before = ActivitySummary(activity)
        var back = try ActivityReader.read(FITWriter.write(activity), format: .fit)
        back.inferSportIfUnnamed()
        let after = ActivitySummary(back)
        #expect(after.sport == before.sport)
        #expect(abs(after.distanceMeters - before.distanceMeters) < 0.01)
        #expect(abs((after.elapsedSeconds ?? 0) - (before.elapsedSeconds ?? 0)) <= 1)
        #expect(abs((after.movingSeconds ?? 0) - (before.movingSeconds ?? 0)) <= (before.movingSeconds ?? 0) * 0.01)
        #expect(after.ascentMeters == before.ascentMeters.map { $0.rounded() })
        #expect(after.heartRate?.maximum == before.heartRate?.maximum)
        #expect(after.points == before.points)
    }

    @Test func valuesAFieldCannotHoldAreLeftOutNotWrapped() throws {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let fixes = [
            Fix(time: start, coordinate: Coordinate(latitude: 46, longitude: 14), elevation: -600, heartRate: 300),
            Fix(time: start.addingTimeInterval(1), coordinate: Coordinate(latitude: 46.00002, longitude: 14), elevation: 9000, heartRate: 120),
        ]
        let read = try Self.readWithFitdecode(FITWriter.write(Activity(format: .gpx, sport: .walk, track: Track(segments: [fixes]))))
        let records = JSONValue.array(read["records"]).map(JSONValue.object)
        #expect(records.map { JSONValue.int($0["hr"]) } == [nil, 120])
        #expect(JSONValue.double(records[0]["ele"]) == nil && JSONValue.double(records[1]["ele"]) == 9000)
        #expect(JSONValue.string(JSONValue.object(JSONValue.array(read["sessions"])[0])["sport"]) == "walking")
    }
}
