import Foundation
import NIOHTTP1
import PacelineTestSupport
import Testing

/// The one upload endpoint as other apps call it, each in the real form it sends
/// (docs/CONNECT.md): FitoTrack's HTTP export (a body of GPX, its `FitoTrack-*` headers, the
/// token in the address, the content type Android's HttpURLConnection gives a POST), forms
/// whatever their field is called, files with any or no content type; and the token in the
/// address held to uploads and to upload-only tokens (the attacker's tests first).
@Suite("Uploads from other apps")
struct AppUploadTests {
    @Test("a token in the address: upload-only, uploads only, never a wider one", arguments: TestDatabase.available)
    func tokenInTheAddress(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let gpx = try Data(contentsOf: Fixtures.track("gpx/run.gpx"))
            let full = try await PersonalTokenTests.make(ann, server, name: "script", scope: "full").secret
            let read = try await PersonalTokenTests.make(ann, server, name: "reader", scope: "read").secret
            let upload = try await PersonalTokenTests.make(ann, server, name: "FitoTrack", scope: "upload").secret
            // A wider token in an address is refused, even for an upload, and nothing is made.
            for wider in [full, read, ann.token] {
                let answer = try await server.raw(.POST, "/runs?token=\(wider)", headers: [("Content-Type", "application/gpx+xml")], body: gpx)
                #expect(answer.status == 403 && answer.errorCode == "token_scope", "\(answer.status) \(answer.errorCode ?? "")")
            }
            // Anything but an upload is refused a token in the address, whatever the token.
            for path in ["/runs", "/me", "/me/tokens", "/runs?limit=5"] {
                let answer = try await server.raw(.GET, path + (path.contains("?") ? "&" : "?") + "token=\(upload)")
                #expect(answer.status == 400, "\(path): \(answer.status)")
            }
            let unknown = try await server.raw(.POST, "/runs?token=plp_not-a-token", headers: [("Content-Type", "application/gpx+xml")], body: gpx)
            #expect(unknown.status == 401)
            #expect(try await ann.client.listRuns().ok.body.json.runs.isEmpty)
            // The upload-only one uploads.
            let made = try await server.raw(.POST, "/runs?token=\(upload)", headers: [("Content-Type", "application/gpx+xml")], body: gpx)
            #expect(made.status == 201, "\(made.status) \(String(decoding: made.body, as: UTF8.self))")
            // It outranks a session cookie sent beside it, whose user it might not be.
            let bo = try await server.newUser("Bo")
            let beside = try await server.raw(.POST, "/runs?token=\(upload)", headers: [
                ("Content-Type", "application/vnd.ant.fit"), ("Cookie", "paceline_session=\(bo.token)"),
            ], body: try Data(contentsOf: Fixtures.track("fit/garmin-fenix-5-walk.fit")))
            #expect(beside.status == 201)
            #expect(try await ann.client.listRuns().ok.body.json.runs.count == 2)
            #expect(try await bo.client.listRuns().ok.body.json.runs.isEmpty)
        }
    }

    @Test("FitoTrack's HTTP export: GPX as the body, its headers, the token in the address; sent again, a duplicate",
          arguments: TestDatabase.available)
    func fitoTrack(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let token = try await PersonalTokenTests.make(ann, server, name: "FitoTrack", scope: "upload").secret
            let gpx = try Data(contentsOf: Fixtures.track("gpx/run.gpx"))
            // As FitoTrack's HTTPPostTarget sends it: HttpURLConnection's POST, which names no
            // type of its own (Android's then says form-urlencoded), and the export's metadata.
            let headers = [("Content-Type", "application/x-www-form-urlencoded"), ("User-Agent", "Dalvik/2.1.0 (Linux; U; Android 14)"),
                           ("FitoTrack-Type", "workout-gpx"), ("FitoTrack-Timestamp", "1700000000000"),
                           ("FitoTrack-Workout-Type", "walking"), ("FitoTrack-Comment", "Evening walk by the river")]
            let first = try await server.raw(.POST, "/runs?token=\(token)", headers: headers, body: gpx)
            #expect(first.status == 201, "\(first.status) \(String(decoding: first.body, as: UTF8.self))")
            #expect(first.json?["sport"] as? String == "walk")
            #expect(first.json?["description"] as? String == "Evening walk by the river")
            // FitoTrack retries an export that failed half-way: the same workout is answered, not copied.
            let again = try await server.raw(.POST, "/runs?token=\(token)", headers: headers, body: gpx)
            #expect(again.status == 200 && again.json?["duplicate"] as? Bool == true)
            #expect(again.json?["id"] as? String == first.json?["id"] as? String)
            #expect(try await ann.client.listRuns().ok.body.json.runs.count == 1)
        }
    }

    @Test("a file in a form under any field name, or as a body of any type or none", arguments: TestDatabase.available)
    func shapes(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let token = try await PersonalTokenTests.make(ann, server, name: "scripts", scope: "upload").secret
            let files = ["gpx/run.gpx", "fit/garmin-fenix-5-run.fit", "tcx/garmin_connect.tcx", "fit/garmin-fenix-5-walk.fit",
                         "gpx/garmin-activity.gpx"]
            // `curl -F gpx=@run.gpx`, with a note before it, and a field called `upload` as a script would name it.
            let forms: [(String, [(String, String?, String?, Data)])] = [
                (files[0], [("note", nil, nil, Data("morning".utf8)), ("gpx", "run.gpx", "application/gpx+xml", try Self.data(files[0]))]),
                (files[1], [("upload", "activity.fit", "application/octet-stream", try Self.data(files[1]))]),
            ]
            for (name, parts) in forms {
                let boundary = "----okhttp-\(UUID().uuidString)"
                let answer = try await server.raw(.POST, "/runs", token: token,
                                                  headers: [("Content-Type", "multipart/form-data; boundary=\(boundary)")],
                                                  body: Self.form(parts, boundary: boundary))
                #expect(answer.status == 201, "\(name): \(answer.status) \(String(decoding: answer.body, as: UTF8.self))")
            }
            // Bodies: XML typed as XML or text, and a FIT sent with no type at all.
            let bodies: [(String, String?)] = [(files[2], "application/xml"), (files[3], nil), (files[4], "text/xml; charset=utf-8")]
            for (name, type) in bodies {
                let answer = try await server.raw(.POST, "/runs", token: token, headers: type.map { [("Content-Type", $0)] } ?? [],
                                                  body: try Self.data(name))
                #expect(answer.status == 201, "\(name) as \(type ?? "nothing"): \(answer.status) \(String(decoding: answer.body, as: UTF8.self))")
            }
            #expect(try await ann.client.listRuns().ok.body.json.runs.count == 5)
            // A form with only fields and no file says what it lacks.
            let boundary = "b0undary"
            let empty = try await server.raw(.POST, "/runs", token: token, headers: [("Content-Type", "multipart/form-data; boundary=\(boundary)")],
                                             body: Self.form([("title", nil, nil, Data("a run".utf8))], boundary: boundary))
            #expect(empty.status == 400 && (empty.json?["error"] as? [String: Any])?["message"] as? String
                    == "the form has no file: send it as the `file` part, or as any part with a file name", "\(String(decoding: empty.body, as: UTF8.self))")
        }
    }

    @Test("a watch's FIT, then the GPX another app made of it: one run, the second answered as its duplicate",
          arguments: TestDatabase.available)
    func anotherAppsGPX(database: TestDatabase) async throws {
        // The GPX as another program writes it from the FIT: fitdecode reads, gpxpy writes.
        let fit = Fixtures.track("fit/garmin-fenix-5-run.fit")
        let written = try #require(try PythonPeer.runJSON("""
            import sys, json, fitdecode, gpxpy.gpx
            gpx = gpxpy.gpx.GPX(); track = gpxpy.gpx.GPXTrack(); segment = gpxpy.gpx.GPXTrackSegment()
            gpx.tracks.append(track); track.segments.append(segment)
            with fitdecode.FitReader(sys.argv[1]) as fit:
                for frame in fit:
                    if isinstance(frame, fitdecode.FitDataMessage) and frame.name == 'record':
                        if frame.has_field('position_lat') and frame.get_value('position_lat') is not None:
                            degrees = 180 / 2**31
                            segment.points.append(gpxpy.gpx.GPXTrackPoint(
                                frame.get_value('position_lat') * degrees, frame.get_value('position_long') * degrees,
                                elevation=frame.get_value('enhanced_altitude', fallback=None), time=frame.get_value('timestamp')))
            print(json.dumps({"gpx": gpx.to_xml(), "points": len(segment.points)}))
            """, arguments: [fit.path], requiring: [.fitdecode, .gpxpy]) as? [String: Any])
        let gpx = Data(try #require(written["gpx"] as? String).utf8)
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let token = try await PersonalTokenTests.make(ann, server, name: "Gadgetbridge", scope: "upload").secret
            let watch = try await server.raw(.POST, "/runs", token: token, headers: [("Content-Type", "application/vnd.ant.fit")],
                                             body: try Data(contentsOf: fit))
            #expect(watch.status == 201)
            let other = try await server.raw(.POST, "/runs?token=\(token)", headers: [("Content-Type", "application/gpx+xml")], body: gpx)
            #expect(other.status == 200 && other.json?["duplicate"] as? Bool == true, "\(other.status) \(String(decoding: other.body, as: UTF8.self))")
            #expect(other.json?["id"] as? String == watch.json?["id"] as? String)
            // The web app, which says what it wants, may still keep a second copy on purpose.
            let deliberate = try await server.raw(.POST, "/runs?skipDuplicates=false", token: token,
                                                  headers: [("Content-Type", "application/gpx+xml")], body: gpx)
            #expect(deliberate.status == 201)
        }
    }

    private static func data(_ relativePath: String) throws -> Data { try Data(contentsOf: Fixtures.track(relativePath)) }

    /// A multipart/form-data body of `(name, filename, content type, content)` parts.
    static func form(_ parts: [(String, String?, String?, Data)], boundary: String) -> Data {
        var body = Data()
        for (name, filename, type, content) in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"" + (filename.map { "; filename=\"\($0)\"" } ?? "") + "\r\n"
            if let type { head += "Content-Type: \(type)\r\n" }
            body.append(Data((head + "\r\n").utf8))
            body.append(content)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return body
    }
}
