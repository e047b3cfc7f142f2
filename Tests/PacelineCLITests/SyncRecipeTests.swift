import Foundation
import PacelineCore
import PacelineHarness
import PacelineServer
import PacelineTestSupport
import Testing

/// docs/CONNECT.md's folder recipes, each with the folder as its app or device leaves it: a
/// Garmin watch mounted over USB, OpenTracks' and FitoTrack's auto-export into a Syncthing
/// folder (with Syncthing's own files beside), Gadgetbridge's data folder (its database
/// export and log beside the workouts). One `paceline sync` over them all uploads each
/// workout once, and a workout FitoTrack also posted over HTTP is answered as a duplicate.
@Suite("Folder recipes")
struct SyncRecipeTests {
    @Test("the folders apps and watches write: each workout uploaded once, nothing else read", arguments: TestDatabase.available)
    func recipes(database: TestDatabase) async throws {
        let root = try SyncCommandTests.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try ActivityReader.read(contentsOf: Fixtures.track("gpx/run.gpx")).track.segments.flatMap { $0 }
        // A Garmin watch over USB: the drive's GARMIN/Activity, its names in capitals, its other folders beside.
        let watch = root.appendingPathComponent("GARMIN/GARMIN")
        try Self.put(try Data(contentsOf: Fixtures.track("fit/garmin-fenix-5-run.fit")), at: watch.appendingPathComponent("Activity/B8S70712.FIT"))
        try Self.put(try Data(contentsOf: Fixtures.track("fit/garmin-fenix-5-walk.fit")), at: watch.appendingPathComponent("Activity/B8T81530.FIT"))
        try Self.put(Data("settings".utf8), at: watch.appendingPathComponent("Settings/Settings.fit.bak"))
        // OpenTracks' auto-export (GPX chosen) into a folder Syncthing shares, a file still arriving beside it.
        let openTracks = root.appendingPathComponent("Sync/OpenTracks")
        let openTracksGPX = Data(Self.openTracksGPX(run).utf8)
        try Self.put(openTracksGPX, at: openTracks.appendingPathComponent("2026-11-29 07_42 Running.gpx"))
        try Self.put(openTracksGPX.prefix(300), at: openTracks.appendingPathComponent(".syncthing.2026-11-29 08_10 Running.gpx.tmp"))
        try Self.put(openTracksGPX, at: openTracks.appendingPathComponent(".stversions/2026-11-29 07_42 Running~20261129-080000.gpx"))
        try Self.put(Data(), at: openTracks.appendingPathComponent(".stfolder/.keep"))
        // FitoTrack's auto-export to a folder: the same GPX it posts over HTTP.
        let fitoTrack = root.appendingPathComponent("Sync/FitoTrack")
        let fitoTrackGPX = try Data(contentsOf: Fixtures.track("gpx/garmin-activity.gpx"))
        try Self.put(fitoTrackGPX, at: fitoTrack.appendingPathComponent("workout-2026-11-28_18-03-11.gpx"))
        // Gadgetbridge's data folder: a track it exported, a watch's FIT, its database export and log.
        let gadgetbridge = root.appendingPathComponent("Sync/Gadgetbridge")
        try Self.put(try Data(contentsOf: Fixtures.track("gpx/cerknicko-jezero.gpx")),
                     at: gadgetbridge.appendingPathComponent("gadgetbridge-track-2026-11-27T17_30_00+01_00.gpx"))
        try Self.put(try Data(contentsOf: Fixtures.track("fit/garmin-fenix-5-bike.fit")),
                     at: gadgetbridge.appendingPathComponent("D5_4E_5C_21_9A_0B/ACTIVITY/2026/ACTIVITY_1732721400.fit"))
        try Self.put(Data("SQLite format 3\u{0}".utf8), at: gadgetbridge.appendingPathComponent("Gadgetbridge"))
        try Self.put(Data("log".utf8), at: gadgetbridge.appendingPathComponent("gadgetbridge.log"))

        try await withServer(database) { server in
            let runner = try await server.newUser("Runner")
            let made = try await server.raw(.POST, "/me/tokens", token: runner.token, headers: [("Content-Type", "application/json")],
                                            body: Data(#"{"name":"paceline sync","scope":"upload"}"#.utf8))
            let token = try #require(made.json?["token"] as? String)
            // FitoTrack posted this workout over HTTP before the folder was synced.
            let posted = try await server.raw(.POST, "/runs?token=\(token)", headers: [("FitoTrack-Type", "workout-gpx")], body: fitoTrackGPX)
            #expect(posted.status == 201)
            let folders = [watch.appendingPathComponent("Activity"), openTracks, fitoTrack, gadgetbridge].map(\.path)
            let sync = try RunningCommand(["sync"] + folders + ["--settle", "0", "--server", SyncCommandTests.address(server)],
                                          environment: ["PACELINE_TOKEN": token])
            #expect(await sync.status() == 0, "\(sync.stderr)")
            #expect(sync.stdout.contains("Synced 6 files in "), "\(sync.stdout)")
            #expect(sync.stdout.contains("5 new runs, 1 already there, 0 could not be read."), "\(sync.stdout)")
            #expect(sync.stdout.contains("skipped \(fitoTrack.path)/workout-2026-11-28_18-03-11.gpx: already on the server"), "\(sync.stdout)")
            for hidden in ["syncthing", "stversions", "Settings", "gadgetbridge.log", "Gadgetbridge:"] {
                #expect(!sync.stdout.contains(hidden) && !sync.stderr.contains(hidden), "\(hidden): \(sync.stdout)")
            }
            let runs = try await runner.client.listRuns(query: .init(limit: 100)).ok.body.json.runs
            #expect(runs.count == 6)
            #expect(runs.allSatisfy { $0.privacy == .private }, "private until the runner says otherwise")
        }
    }

    /// `fixes` as OpenTracks writes its GPX export: its namespaces and extensions, CDATA
    /// names, times with the phone's offset (+01:00) and milliseconds.
    static func openTracksGPX(_ fixes: [Fix]) -> String {
        let time = DateFormatter()
        time.locale = Locale(identifier: "en_US_POSIX")
        time.timeZone = TimeZone(secondsFromGMT: 3600)
        time.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSxxx"
        let points = fixes.compactMap { fix -> String? in
            guard let coordinate = fix.coordinate, let when = fix.time else { return nil }
            return """
                <trkpt lat="\(coordinate.latitude)" lon="\(coordinate.longitude)">
                <ele>\(fix.elevation ?? 0)</ele>
                <time>\(time.string(from: when))</time>
                <extensions><gpxtpx:TrackPointExtension><opentracks:accuracy_horizontal>4.0</opentracks:accuracy_horizontal></gpxtpx:TrackPointExtension></extensions>
                </trkpt>
                """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx
            version="1.1"
            creator="OpenTracks"
            xmlns="http://www.topografix.com/GPX/1/1"
            xmlns:topografix="http://www.topografix.com/GPX/Private/TopoGrafix/0/1"
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
            xmlns:opentracks="http://opentracksapp.com/xmlschemas/v1"
            xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2"
            xmlns:gpxtrkx="http://www.garmin.com/xmlschemas/TrackStatsExtension/v1">
            <trk>
            <name><![CDATA[2026-11-29 07:42]]></name>
            <desc><![CDATA[]]></desc>
            <type><![CDATA[running]]></type>
            <extensions>
            <opentracks:trackid>5c0b1c9e-7a55-4b8e-9d7e-2f0e86b9a001</opentracks:trackid>
            <opentracks:typeTranslated><![CDATA[Running]]></opentracks:typeTranslated>
            </extensions>
            <trkseg>
            \(points.joined(separator: "\n"))
            </trkseg>
            </trk>
            </gpx>
            """
    }

    private static func put(_ data: Data, at url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }
}
