import Foundation
import OpenAPIRuntime
import PacelineAPI
import PacelineCore
import PacelineTestSupport
import Testing

@Suite("Runs")
struct RunTests {
    @Test("a real GPX, TCX and FIT file upload with statistics computed by the server", arguments: TestDatabase.available)
    func uploadRealFiles(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            for path in ["gpx/run.gpx", "tcx/garmin_connect.tcx", "fit/garmin-fenix-5-run.fit"] {
                var activity = try ActivityReader.read(contentsOf: Fixtures.track(path))
                activity.inferSportIfUnnamed()  // what the server does
                let expected = ActivitySummary(activity)
                let response = try await server.upload(path, as: ann)
                #expect(response.status == 201, "\(path): \(String(decoding: response.body, as: UTF8.self))")
                let id = try #require(response.json?["id"] as? String)
                let run = try await ann.client.getRun(path: .init(runId: id)).ok.body.json
                #expect(abs(run.distanceMeters - expected.distanceMeters) < 0.01, "\(path)")
                #expect(run.movingSeconds == expected.movingSeconds ?? 0)
                #expect(run.points == expected.points)
                #expect(run.splits.count == expected.splits.count)
                #expect(run.owner.displayName == "Ann")
                #expect(run.privacy == .private, "a new account's default")
                #expect(run.calories ?? 0 > 0)
            }
            // A watch's own distance, the GPS measure beside it.
            let fit = try await server.upload("fit/2013-02-06-12-11-14.fit", as: ann)
            #expect(fit.json?["distanceMeters"] as? Double == 4835.38)
            let measured = try #require(ActivitySummary(ActivityReader.read(contentsOf: Fixtures.track("fit/2013-02-06-12-11-14.fit"))).gpsDistanceMeters)
            #expect(abs(measured - 4835.38) < 150, "the positions' own measure, near the watch's")
            #expect((fit.json?["gpsDistanceMeters"] as? Double).map { abs($0 - measured) < 0.01 } == true)
            // Sniffed from the bytes when the type says only "binary".
            let sniffed = try await server.upload("gpx/run.gpx", as: ann, contentType: "application/octet-stream", query: "?sport=walk&privacy=private&name=Evening")
            #expect(sniffed.status == 201)
            #expect(sniffed.json?["sport"] as? String == "walk" && sniffed.json?["privacy"] as? String == "private")
            #expect(sniffed.json?["format"] as? String == "gpx" && sniffed.json?["name"] as? String == "Evening")
        }
    }

    @Test("the owner's list draws each activity's path small; a single run's own answer and others' lists don't carry it",
          arguments: TestDatabase.available)
    func listedShape(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let run = try await AchievementTests.upload(ann, meters: 2_000, start: Date().addingTimeInterval(-3_600))
            let listed = try #require(try await ann.client.listRuns().ok.body.json.runs.first)
            let shape = try #require(listed.shape)
            // Straight east at one latitude: one stretch across the box's middle.
            #expect(shape.hasPrefix("M3.0 20.0L") && shape.hasSuffix("61.0 20.0") && !shape.dropFirst().contains("M"))
            #expect(try await ann.client.getRun(path: .init(runId: run.id)).ok.body.json.shape == nil)
        }
    }

    @Test("a file that names no sport is what its speeds say; the person's word wins", arguments: TestDatabase.available)
    func sportOfAnUnnamedFile(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let cy = try await server.newUser("Cy")
            // An Edge 200 ride at 26 km/h, sent as fixes without a sport.
            let ride = try ActivityReader.read(contentsOf: Fixtures.track("fit/2015-10-13-08-43-15.fit"))
            let fixes = ride.track.fixes.compactMap { fix -> Components.Schemas.FixInput? in
                guard let time = fix.time, let coordinate = fix.coordinate else { return nil }
                return .init(time: time, latitude: coordinate.latitude, longitude: coordinate.longitude, elevation: fix.elevation)
            }
            let inferred = try await cy.client.uploadRun(body: .json(.init(fixes: fixes))).created.body.json
            #expect(inferred.sport == .ride)
            let said = try await cy.client.uploadRun(body: .json(.init(sport: .run, fixes: fixes))).created.body.json
            #expect(said.sport == .run)
            let gpx = try await server.upload("gpx/garmin_with_extensions.gpx", as: cy)
            #expect(gpx.json?["sport"] as? String == "hike", "\(String(decoding: gpx.body, as: UTF8.self))")
        }
    }

    @Test("a file of more track segments than any recording has is refused, as a JSON upload is", arguments: TestDatabase.available)
    func tooManySegments(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let di = try await server.newUser("Di")
            let segments = (0...10_000).map { k in  // one more than the 10,000 a JSON upload may have
                "<trkseg><trkpt lat=\"46\" lon=\"14\"><time>\(ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: 1_700_000_000 + Double(k))))</time></trkpt></trkseg>"
            }.joined()
            let gpx = Data(#"<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk>"#.utf8)
                + Data(segments.utf8) + Data("</trk></gpx>".utf8)
            let response = try await server.raw(.POST, "/runs", token: di.token, headers: [("Content-Type", "application/gpx+xml")], body: gpx)
            #expect(response.status == 422 && response.errorCode == "over_limit")
            #expect((response.json?["error"] as? [String: Any])?["message"] as? String
                == "the file holds more than 10,000 track segments, the most one file may hold")
        }
    }

    @Test("a multipart form upload and JSON fixes from the browser", arguments: TestDatabase.available)
    func multipartAndJSON(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let bo = try await server.newUser("Bo")
            let file = try Data(contentsOf: Fixtures.track("gpx/run.gpx"))
            let boundary = "paceline-boundary"
            var form = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"run.gpx\"\r\nContent-Type: application/gpx+xml\r\n\r\n".utf8)
            form.append(file)
            form.append(Data("\r\n--\(boundary)--\r\n".utf8))
            let multipart = try await server.raw(.POST, "/runs", token: bo.token,
                                                 headers: [("Content-Type", "multipart/form-data; boundary=\(boundary)")], body: form)
            #expect(multipart.status == 201, "\(String(decoding: multipart.body, as: UTF8.self))")

            let activity = try ActivityReader.read(contentsOf: Fixtures.track("gpx/run.gpx"))
            let fixes = activity.track.fixes.compactMap { fix -> Components.Schemas.FixInput? in
                guard let time = fix.time, let coordinate = fix.coordinate else { return nil }
                return .init(time: time, latitude: coordinate.latitude, longitude: coordinate.longitude, elevation: fix.elevation)
            }
            let run = try await bo.client.uploadRun(body: .json(.init(sport: .run, name: "Phone", fixes: fixes))).created.body.json
            #expect(run.format == "json" && run.name == "Phone")
            #expect(abs(run.distanceMeters - ActivitySummary(activity).distanceMeters) < 1)
        }
    }

    @Test("a retried upload with the same Idempotency-Key returns the same run", arguments: TestDatabase.available)
    func idempotency(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let cy = try await server.newUser("Cy")
            let first = try await server.upload("gpx/run.gpx", as: cy, idempotencyKey: "upload-1")
            let retry = try await server.upload("gpx/run.gpx", as: cy, idempotencyKey: "upload-1")
            #expect(first.status == 201 && retry.status == 200)
            #expect(first.json?["id"] as? String == retry.json?["id"] as? String)
            // Concurrent retries still make one run.
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<4 { group.addTask { try await server.upload("gpx/run.gpx", as: cy, idempotencyKey: "upload-2").status } }
                var statuses: [Int] = []
                for try await status in group { statuses.append(status) }
                #expect(statuses.filter { $0 == 201 }.count == 1 && statuses.filter { $0 == 200 }.count == 3)
            }
            let page = try await cy.client.listRuns().ok.body.json
            #expect(page.runs.count == 2)
        }
    }

    @Test("history is newest first and pages with a cursor; updatedSince and ETag sync", arguments: TestDatabase.available)
    func historyAndSync(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let di = try await server.newUser("Di")
            var ids: [String] = []
            for day in 0..<5 {
                ids.append(try await upload(shiftedBy: Double(day) * 86_400, as: di).id)
            }
            let first = try await di.client.listRuns(query: .init(limit: 2)).ok
            let firstPage = try first.body.json
            #expect(firstPage.runs.map(\.id) == [ids[4], ids[3]])
            let second = try await di.client.listRuns(query: .init(limit: 2, cursor: firstPage.nextCursor)).ok.body.json
            #expect(second.runs.map(\.id) == [ids[2], ids[1]])
            let third = try await di.client.listRuns(query: .init(limit: 2, cursor: second.nextCursor)).ok.body.json
            #expect(third.runs.map(\.id) == [ids[0]] && third.nextCursor == nil)

            // Nothing changed: the ETag answers 304.
            let tag = try #require(try await di.client.listRuns().ok.headers.eTag)
            let again = try await di.client.listRuns(headers: .init(ifNoneMatch: tag))
            guard case .notModified = again else { Issue.record("expected 304, got \(again)"); return }

            let mark = Date()
            try await Task.sleep(for: .milliseconds(20))
            _ = try await di.client.updateRun(path: .init(runId: ids[1]), body: .json(.init(name: "Renamed"))).ok
            _ = try await di.client.deleteRun(path: .init(runId: ids[2])).noContent
            let changes = try await di.client.listRuns(query: .init(updatedSince: mark)).ok.body.json
            #expect(changes.runs.map(\.id) == [ids[1]], "only the renamed run changed")
            #expect(changes.runs.first?.name == "Renamed")
            #expect(changes.deletedIds == [ids[2]])
            let after = try await di.client.listRuns(headers: .init(ifNoneMatch: tag))
            guard case .ok = after else { Issue.record("expected 200 after a change, got \(after)"); return }
        }
    }

    @Test("track, series and GPX/TCX export of a run", arguments: TestDatabase.available)
    func trackSeriesExport(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ed = try await server.newUser("Ed")
            let run = try await upload(shiftedBy: 0, as: ed)
            let track = try await server.raw(.GET, "/runs/\(run.id)/track", token: ed.token)
            #expect(track.status == 200 && track.json?["type"] as? String != nil)
            let series = try await ed.client.getRunSeries(path: .init(runId: run.id)).ok.body.json.series()
            #expect(series.points.count > 100)
            #expect(abs((series.points.last?.distanceMeters ?? 0) - run.distanceMeters) < 25)
            for format in ["gpx", "tcx", "fit"] {
                let file = try await server.raw(.GET, "/runs/\(run.id)/export?format=\(format)", token: ed.token)
                #expect(file.status == 200)
                #expect(file.headers.first { $0.0.lowercased() == "content-type" }?.1.hasPrefix(["gpx": "application/gpx+xml", "tcx": "application/vnd.garmin.tcx+xml", "fit": "application/vnd.ant.fit"][format]!) == true)
                let back = try ActivityReader.read(file.body, format: ActivityFormat(rawValue: format))
                #expect(abs(ActivitySummary(back).distanceMeters - run.distanceMeters) < 1, "\(format)")
            }
        }
    }

    @Test("another user's private run is not readable, listable, exportable; public ones are", arguments: TestDatabase.available)
    func privacy(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let owner = try await server.newUser("Owner")
            let other = try await server.newUser("Other")
            let secret = try await server.upload("gpx/run.gpx", as: owner, query: "?privacy=private")
            let secretID = try #require(secret.json?["id"] as? String)
            for path in ["/runs/\(secretID)", "/runs/\(secretID)/track", "/runs/\(secretID)/series", "/runs/\(secretID)/export?format=gpx"] {
                let asOther = try await server.raw(.GET, path, token: other.token)
                #expect(asOther.status == 404 && asOther.errorCode == "not_found", "\(path)")
                let anonymous = try await server.raw(.GET, path)
                #expect(anonymous.status == 404, "\(path)")
                #expect(try await server.raw(.GET, path, token: owner.token).status == 200, "\(path)")
            }
            #expect(try await other.client.listRuns().ok.body.json.runs.isEmpty)
            let rename = try await server.raw(.PATCH, "/runs/\(secretID)", token: other.token,
                                              headers: [("Content-Type", "application/json")], body: Data(#"{"name":"mine"}"#.utf8))
            #expect(rename.status == 404)
            #expect(try await server.raw(.DELETE, "/runs/\(secretID)", token: other.token).status == 404)
            // Made public, it is readable by others (never editable).
            _ = try await owner.client.updateRun(path: .init(runId: secretID), body: .json(.init(privacy: .public))).ok
            #expect(try await server.raw(.GET, "/runs/\(secretID)", token: other.token).status == 200)
        }
    }

    @Test("bad uploads get a 4xx JSON error and create nothing", arguments: TestDatabase.available)
    func badUploads(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let fy = try await server.newUser("Fy")
            for path in ["malformed/activity-unexpected-eof.fit", "malformed/activity-filecrc.fit", "malformed/badcharacter.xml"] {
                let response = try await server.upload(path, as: fy, contentType: path.hasSuffix("fit") ? "application/vnd.ant.fit" : "application/gpx+xml")
                #expect((400..<500).contains(response.status) && response.errorCode != nil, "\(path): \(response.status)")
            }
            let empty = try await server.upload("gpx/empty_trk.gpx", as: fy)
            #expect(empty.status == 422 && empty.errorCode == "no_gps_track")
            let unknown = try await server.raw(.POST, "/runs", token: fy.token, headers: [("Content-Type", "application/octet-stream")],
                                               body: Data("hello".utf8))
            #expect(unknown.status == 415)
            let badJSON = try await server.raw(.POST, "/runs", token: fy.token, headers: [("Content-Type", "application/json")],
                                               body: Data(#"{"fixes": [{"time": "yesterday"}]"#.utf8))
            #expect(badJSON.status == 400 && badJSON.errorCode == "bad_request")
            let huge = try await server.raw(.POST, "/runs", token: fy.token, headers: [("Content-Type", "application/gpx+xml")],
                                            body: Data(repeating: 0x20, count: 50 << 20))
            #expect(huge.status == 413 && huge.errorCode == "payload_too_large")
            let anonymous = try await server.raw(.POST, "/runs", headers: [("Content-Type", "application/gpx+xml")],
                                                 body: try Data(contentsOf: Fixtures.track("gpx/run.gpx")))
            #expect(anonymous.status == 401)
            #expect(try await fy.client.listRuns().ok.body.json.runs.isEmpty)
        }
    }

    @Test("a paused run uploaded in segments: the pause is neither distance nor moving time; GPX keeps the segments",
          arguments: TestDatabase.available)
    func pausedRunInSegments(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let gu = try await server.newUser("Gu")
            // 900 m at 3 m/s, a 120 s pause in which the runner walks 200 m north, 900 m more.
            let origin = Coordinate(latitude: 55.86, longitude: -4.25)
            let start = Date(timeIntervalSince1970: 1_790_000_000)
            let before = try #require(MissionFiles.northward(from: origin, metres: 900, start: start).fixes)
            let after = try #require(MissionFiles.northward(from: MissionFiles.north(of: origin, metres: 1100), metres: 900,
                                                            start: start.addingTimeInterval(300 + 120)).fixes)
            let paused = try await gu.client.uploadRun(body: .json(.init(sport: .run, segments: [before, after]))).created.body.json
            let flat = try await gu.client.uploadRun(body: .json(.init(sport: .run, fixes: before + after))).created.body.json

            let moving = paused.movingSeconds
            let elapsed = paused.elapsedSeconds
            #expect(abs(paused.distanceMeters - 1800) < 20, "\(paused.distanceMeters)")
            #expect(abs(moving - 600) < 5, "\(moving)")
            #expect(abs(elapsed - 720) < 1, "\(elapsed)")
            // The same fixes as one segment count the way walked while paused, and its time.
            let flatMoving = flat.movingSeconds
            #expect(flat.distanceMeters > paused.distanceMeters + 150, "\(flat.distanceMeters)")
            #expect(flatMoving > moving + 100, "\(flatMoving)")
            // Exactly what PacelineCore makes of the two segments.
            let expected = ActivitySummary(Activity(format: .gpx, sport: .run, track: Track(segments: [before, after].map { segment in
                segment.map { Fix(time: $0.time, coordinate: Coordinate(latitude: $0.latitude, longitude: $0.longitude), horizontalAccuracy: $0.horizontalAccuracy) }
            })))
            let expectedMoving = try #require(expected.movingSeconds)
            #expect(abs(paused.distanceMeters - expected.distanceMeters) < 0.01)
            #expect(abs(moving - expectedMoving) < 0.01)

            let gpx = try await server.raw(.GET, "/runs/\(paused.id)/export?format=gpx", token: gu.token)
            #expect(gpx.status == 200)
            let text = String(decoding: gpx.body, as: UTF8.self)
            #expect(text.components(separatedBy: "<trkseg>").count - 1 == 2)
            let back = try ActivityReader.read(gpx.body, format: .gpx)
            #expect(back.track.segments.map(\.count) == [before.count, after.count])
            let flatGPX = try await server.raw(.GET, "/runs/\(flat.id)/export?format=gpx", token: gu.token)
            #expect(String(decoding: flatGPX.body, as: UTF8.self).components(separatedBy: "<trkseg>").count - 1 == 1)
        }
    }

    @Test("a bad segments shape is a 400 JSON error and creates nothing", arguments: TestDatabase.available)
    func badSegments(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let hu = try await server.newUser("Hu")
            let a = #"{"time": "2026-05-01T07:00:00Z", "latitude": 55.86, "longitude": -4.25}"#
            let b = #"{"time": "2026-05-01T07:01:00Z", "latitude": 55.861, "longitude": -4.25}"#
            let c = #"{"time": "2026-05-01T07:05:00Z", "latitude": 55.862, "longitude": -4.25}"#
            let bodies: [(String, String)] = [
                (#"{"fixes": [\#(a)], "segments": [[\#(b)]]}"#, "not both"),
                (#"{"sport": "run"}"#, "`fixes`"),
                (#"{"segments": []}"#, "at least one segment"),
                (#"{"segments": [[\#(a), \#(b)], []]}"#, "segments[1] is empty"),
                (#"{"segments": [[\#(c)], [\#(a), \#(b)]]}"#, "segments[1] starts before segments[0] ends"),
                (#"{"segments": [\#(a), \#(b)]}"#, ""),
                (#"{"segments": [[{"time": "later", "latitude": 1, "longitude": 2}]]}"#, ""),
            ]
            for (body, says) in bodies {
                let response = try await server.raw(.POST, "/runs", token: hu.token, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
                let text = String(decoding: response.body, as: UTF8.self)
                #expect(response.status == 400 && response.errorCode == "bad_request", "\(body): \(response.status) \(text)")
                #expect(says.isEmpty || text.contains(says), "\(body): \(text)")
            }
            // A fix off the Earth is not a bad shape: it is dropped and counted, and what is
            // left (one fix here) is too little to save (docs/ALGORITHMS.md, "Numbers from outside").
            let offEarth = try await server.raw(.POST, "/runs", token: hu.token, headers: [("Content-Type", "application/json")],
                                                body: Data(#"{"segments": [[\#(a)], [{"time": "2026-05-01T07:02:00Z", "latitude": 95, "longitude": 0}]]}"#.utf8))
            #expect(offEarth.status == 422 && String(decoding: offEarth.body, as: UTF8.self).contains("1 fix dropped (latitude outside -90…90°: 1)"))
            // Segments that touch (resumed where and when the last one ended) are fine.
            let touching = try await server.raw(.POST, "/runs", token: hu.token, headers: [("Content-Type", "application/json")],
                                                body: Data(#"{"segments": [[\#(a), \#(b)], [\#(b), \#(c)]]}"#.utf8))
            #expect(touching.status == 201, "\(String(decoding: touching.body, as: UTF8.self))")
            #expect(try await hu.client.listRuns().ok.body.json.runs.count == 1)
        }
    }

    /// Uploads run.gpx moved `seconds` later, as JSON fixes.
    private func upload(shiftedBy seconds: Double, as user: TestUser) async throws -> Components.Schemas.Run {
        let activity = try ActivityReader.read(contentsOf: Fixtures.track("gpx/run.gpx"))
        let fixes = activity.track.fixes.compactMap { fix -> Components.Schemas.FixInput? in
            guard let time = fix.time, let coordinate = fix.coordinate else { return nil }
            return .init(time: time.addingTimeInterval(seconds), latitude: coordinate.latitude, longitude: coordinate.longitude,
                         elevation: fix.elevation)
        }
        return try await user.client.uploadRun(body: .json(.init(fixes: fixes))).created.body.json
    }
}
