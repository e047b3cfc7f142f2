import Foundation
import PacelineCore
import PacelineTestSupport
import Testing

@Suite struct AnalyzeCommandTests {
    static let contractKeys = [
        "format", "points", "segments", "distanceMeters", "elapsedSeconds", "movingSeconds", "ascentMeters",
        "descentMeters", "maxSpeedMetersPerSecond", "averagePaceSecondsPerKilometer", "startTime", "endTime", "splits",
    ]

    @Test func jsonFollowsTheContract() throws {
        let result = try PacelineCLI.run(["analyze", "--json", Fixtures.track("gpx/run.gpx").path, Fixtures.track("fit/activity-small-fenix2-run.fit").path])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            for key in Self.contractKeys { #expect(object.keys.contains(key), "missing \(key)") }
            let splits = try #require(object["splits"] as? [[String: Any]])
            #expect(splits.first?["kilometer"] as? Int == 1)
            #expect((splits.first?["seconds"] as? Double ?? 0) > 0)
        }
        let run = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(run["format"] as? String == "gpx")
        #expect(run["points"] as? Int == 206)
        #expect(abs((run["distanceMeters"] as? Double ?? 0) - 3102) / 3102 < 0.005)
        #expect(run["startTime"] as? String == "2012-08-27T13:52:56Z" || (run["startTime"] as? String)?.hasPrefix("20") == true)
    }

    @Test func theSportComesFromTheFileTheSpeedsOrThePerson() throws {
        let files = [Fixtures.track("fit/2015-10-13-08-43-15.fit").path, Fixtures.track("gpx/run.gpx").path]
        let lines = try PacelineCLI.run(["analyze", "--json"] + files).stdout.split(separator: "\n")
        let objects = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.map { $0["sport"] as? String } == ["ride", "run"])
        #expect(objects.map { $0["sportSource"] as? String } == ["file", "inferred"])
        // Device numbers, with the GPS measure beside them.
        #expect(objects[0]["distanceSource"] as? String == "device" && objects[0]["ascentSource"] as? String == "device")
        let measured = try #require(ActivitySummary(ActivityReader.read(contentsOf: URL(fileURLWithPath: files[0]))).gpsDistanceMeters)
        #expect(abs(measured - 11_536) < 200, "the positions' own measure, near the device's")
        #expect((objects[0]["gpsDistanceMeters"] as? Double).map { abs($0 - measured) < 0.01 } == true)
        let chosen = try PacelineCLI.run(["analyze", "--json", "--sport", "walk", files[1]]).stdout
        let object = try #require(try JSONSerialization.jsonObject(with: Data(chosen.utf8)) as? [String: Any])
        #expect(object["sport"] as? String == "walk" && object["sportSource"] as? String == "chosen")
        let table = try PacelineCLI.run(["analyze", files[0]]).stdout
        #expect(table.contains("11.54 km*") && table.contains("* distance as the device counted it"), "\(table)")
    }

    @Test func impossibleNumbersAreLeftOutAndCountedAsTheServerDoes() throws {
        // A run with an elevation of 1e308 and a heart rate of 900: kept without them.
        let points = (0..<120).map { i in
            let time = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: 1_780_000_000 + Double(i)))
            return """
                <trkpt lat="\(55.86 + Double(i) * 3 / 111_320)" lon="-4.25"><ele>\(i == 60 ? "1e308" : "20")</ele><time>\(time)</time>\
                <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>\(i == 61 ? 900 : 140)</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>
                """
        }.joined()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("impossible-\(UUID().uuidString).gpx")
        try Data("""
            <?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"><trk><trkseg>\(points)</trkseg></trk></gpx>
            """.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try PacelineCLI.run(["analyze", "--json", "--sport", "run", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        let run = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let screening = try #require(run["screening"] as? [String: [String: Int]])
        #expect(screening["removedValues"] == ["elevation": 1, "heartRate": 1] && screening["droppedFixes"] == [:])
        #expect(run["ascentMeters"] as? Double == 0)
        #expect((run["heartRate"] as? [String: Any])?["maximum"] as? Int == 140)
        #expect(run["creditedDistanceMeters"] as? Double == run["distanceMeters"] as? Double)
    }

    @Test func aBadFileGetsExit65AndOneLineWhileOthersAreStillAnalysed() throws {
        let bad = Fixtures.track("malformed/badcharacter.xml").path
        let good = Fixtures.track("gpx/run_gpxtpx.gpx").path
        let result = try PacelineCLI.run(["analyze", "--json", bad, good])
        #expect(result.status == 65)
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == 1)
        #expect(errors.first?.contains("badcharacter.xml") == true)
        #expect(result.stdout.split(separator: "\n").count == 1)
    }

    /// Files past the limits (issue 35; `HostileUploadTests` sends the same kinds, millions
    /// strong, to a server) stop the same way on the command line: exit 65, the limit
    /// named, the other files still analysed.
    @Test func filesPastTheLimitsGetExit65NamingTheLimit() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            ("records.fit.gz", try HostileFiles.fitRecords(500_001), "500,000 points"),
            ("laps.fit.gz", try HostileFiles.fitLaps(10_001), "10,000 laps"),
            ("stops.fit.gz", try HostileFiles.fitStops(10_002), "10,000 track segments"),
            ("points.gpx.gz", try HostileFiles.gpxPoints(500_001), "500,000 points"),
        ]
        for (name, data, _) in files { try data.write(to: folder.appendingPathComponent(name)) }
        let good = Fixtures.track("gpx/run_gpxtpx.gpx").path
        let result = try PacelineCLI.run(["analyze", "--json"] + files.map { folder.appendingPathComponent($0.0).path } + [good])
        #expect(result.status == 65)
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == files.count, "\(result.stderr)")
        for ((name, _, limit), error) in zip(files, errors) {
            #expect(error.contains(name) && error.contains("more than \(limit)"), "\(error)")
        }
        #expect(result.stdout.split(separator: "\n").count == 1)
    }

    /// Every malformed file is refused with its documented reason (docs/ALGORITHMS.md, "Malformed files").
    @Test(arguments: [
        ("activity-filecrc.fit", "CRC mismatch"),
        ("activity-settings-corruptheader.fit", "corrupt"),
        ("activity-settings-nodata.fit", "ends inside a FIT message"),
        ("activity-unexpected-eof.fit", "ends inside a FIT message"),
        ("badcharacter.xml", "invalid character"),
        ("legacy_gpx_pause_resume.gpx", "latitude 100.0 is outside"),
        ("nick.fit", "runs past the end of the FIT data"),
        ("strava-android-app-201.10-b1218918.fit", "local message type 11, which was never defined"),
        ("with_accuracy.gpx", "<fix> holds"),
    ])
    func malformedFilesGiveTheirDocumentedError(file: String, reason: String) throws {
        let result = try PacelineCLI.run(["analyze", Fixtures.track("malformed/" + file).path])
        #expect(result.status == 65)
        #expect(result.stderr.contains(reason), "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal"))
    }

    @Test func developerFieldsFileWithoutApplicationIDStillParses() throws {
        let result = try PacelineCLI.run(["analyze", "--json", Fixtures.track("malformed/elemnt-bolt-no-application-id-inside-developer-data-id.fit").path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"points\":132"))
    }

    @Test func tableIsReadable() throws {
        let result = try PacelineCLI.run(["analyze", Fixtures.track("gpx/run.gpx").path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("km"))
        #expect(result.stdout.contains("/km"))
    }

    @Test("a GPX without times converts to GPX and GeoJSON as a route, every point in order, and is refused for TCX")
    func convertUntimedRoute() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = Fixtures.track("gpx/ecology-trail-and-lovers-lane-loop.gpx")
        let points = { (text: String) in
            text.components(separatedBy: "<rtept").dropFirst().map { $0.prefix(60).split(separator: ">").first.map(String.init) ?? "" }
        }
        let original = points(try String(contentsOf: source, encoding: .utf8))
        #expect(original.count == 139)

        let gpx = directory.appendingPathComponent("route.gpx").path
        #expect(try PacelineCLI.run(["convert", source.path, gpx]).status == 0)
        let written = points(try String(contentsOfFile: gpx, encoding: .utf8))
        #expect(written.count == original.count)
        let latitudes = { (points: [String]) in points.compactMap { $0.split(separator: "\"").dropFirst().first.flatMap { Double($0) } } }
        #expect(latitudes(written) == latitudes(original))

        let geojson = directory.appendingPathComponent("route.geojson").path
        #expect(try PacelineCLI.run(["convert", source.path, geojson]).status == 0)
        let features = try #require((try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: geojson))) as? [String: Any])?["features"] as? [[String: Any]])
        let lines = features.compactMap { ($0["geometry"] as? [String: Any])?["coordinates"] as? [[Double]] }
        #expect(lines.filter { !$0.isEmpty }.map(\.count) == [139])

        let tcx = directory.appendingPathComponent("route.tcx").path
        let refused = try PacelineCLI.run(["convert", source.path, tcx])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("holds a route, not a recorded track: TCX holds recorded activities only; convert it to .gpx or .geojson"))
        #expect(!FileManager.default.fileExists(atPath: tcx))
        let fit = directory.appendingPathComponent("route.fit").path
        let refusedFIT = try PacelineCLI.run(["convert", source.path, fit])
        #expect(refusedFIT.status == 65 && refusedFIT.stderr.contains("FIT holds recorded activities only"))
        #expect(!FileManager.default.fileExists(atPath: fit))
    }

    @Test("fixes without a time that TCX can't hold are counted on stderr, not dropped silently")
    func convertReportsUntimedFixes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = Fixtures.track("gpx/korita-zbevnica.gpx")
        let activity = try ActivityReader.read(contentsOf: source)
        let leftOut = TCXWriter.fixesLeftOut(of: activity)
        try #require(leftOut > 0 && leftOut < activity.track.fixCount, "the file mixes timed and untimed parts")
        let out = directory.appendingPathComponent("run.tcx").path
        let result = try PacelineCLI.run(["convert", source.path, out])
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: \(leftOut) of \(activity.track.fixCount) points"))
        let trackpoints = try String(contentsOfFile: out, encoding: .utf8).components(separatedBy: "<Trackpoint>").count - 1
        #expect(trackpoints == activity.track.fixCount - leftOut)
    }

    @Test func convertRoundTripsThroughOurOwnReader() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = Fixtures.track("fit/garmin-fenix-5-run.fit").path
        for ext in ["gpx", "tcx", "fit", "geojson"] {
            let out = directory.appendingPathComponent("run.\(ext)").path
            let result = try PacelineCLI.run(["convert", source, out])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: out))
        }
        let original = try PacelineCLI.run(["analyze", "--json", source]).stdout
        let viaGPX = try PacelineCLI.run(["analyze", "--json", directory.appendingPathComponent("run.gpx").path]).stdout
        let points = { (s: String) in (try? JSONSerialization.jsonObject(with: Data(s.utf8)) as? [String: Any])?["points"] as? Int }
        #expect(points(original) == points(viaGPX))
        // Through FIT, the device's distance and the points come back as they were.
        let viaFIT = try PacelineCLI.run(["analyze", "--json", directory.appendingPathComponent("run.fit").path]).stdout
        let distance = { (s: String) in (try? JSONSerialization.jsonObject(with: Data(s.utf8)) as? [String: Any])?["distanceMeters"] as? Double }
        #expect(points(original) == points(viaFIT) && distance(original) == distance(viaFIT))
    }
}
