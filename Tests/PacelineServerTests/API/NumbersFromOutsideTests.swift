import Foundation
import PacelineAPI
import PacelineCore
import PacelineTestSupport
import SQLKit
import Testing

/// Numbers from outside (issue 17, item 4): what can't be true is left out and counted,
/// an upload left with too little is refused with 422, nothing is ever stored as infinity,
/// and rows that hold infinity already never make a read answer 500.
@Suite("Numbers from outside")
struct NumbersFromOutsideTests {
    static let json = [("Content-Type", "application/json")]
    static let start = Date(timeIntervalSince1970: 1_780_000_000)

    /// A JSON upload of `count` fixes due north from Glasgow, `metres` apart, `seconds`
    /// apart from `start`, with `elevation(i)` (nil: none) and `time(i)` overriding the time.
    static func body(count: Int, metres: Double, seconds: Double, start: Date = start,
                     elevation: (Int) -> Double? = { _ in nil }, time: (Int) -> Date? = { _ in nil }) -> Data {
        let fixes: [[String: Any]] = (0..<count).map { i in
            var fix: [String: Any] = [
                "time": ISO8601DateFormatter.withMilliseconds.string(from: time(i) ?? start.addingTimeInterval(Double(i) * seconds)),
                "latitude": 55.86 + Double(i) * metres / 111_320, "longitude": -4.25, "horizontalAccuracy": 5,
            ]
            if let value = elevation(i) { fix["elevation"] = value }
            return fix
        }
        return try! JSONSerialization.data(withJSONObject: ["sport": "run", "fixes": fixes])
    }

    @Test("elevations of ±1e308 on fixes within one second, 200 m apart: 422, nothing stored, every list still answers",
          arguments: TestDatabase.available)
    func theReportedUpload(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let upload = try await server.raw(.POST, "/runs", token: ann.token, headers: Self.json,
                                              body: Self.body(count: 10, metres: 200, seconds: 0.1, elevation: { $0 % 2 == 0 ? 1e308 : -1e308 }))
            #expect(upload.status == 422 && upload.errorCode == "too_short", "\(upload.status) \(String(decoding: upload.body, as: UTF8.self))")
            let message = (upload.json?["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.contains("where the times can't be trusted"), "\(message)")
            #expect(message.contains("10 values removed (elevation outside -500…9000 m: 10)"), "\(message)")
            for path in ["/runs", "/feed", "/me/stats", "/me/achievements", "/me/achievements/leaderboard"] {
                #expect(try await server.raw(.GET, path, token: ann.token).status == 200, "\(path)")
            }
            #expect(try await ann.client.listRuns().ok.body.json.runs.isEmpty)
        }
    }

    @Test("absurd elevations are removed from their fixes, which are kept and counted", arguments: TestDatabase.available)
    func absurdElevations(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let bo = try await server.newUser("Bo", sharing: .public)
            // 300 fixes a second apart at 3 m/s; every tenth at ±1e308 or 50 km.
            let body = Self.body(count: 300, metres: 3, seconds: 1, elevation: { i in
                i % 10 != 0 ? 20 : [1e308, -1e308, 50_000][(i / 10) % 3]
            })
            let upload = try await server.raw(.POST, "/runs", token: bo.token, headers: Self.json, body: body)
            #expect(upload.status == 201, "\(String(decoding: upload.body, as: UTF8.self))")
            let screening = try #require(upload.json?["screening"] as? [String: Any])
            #expect(screening["droppedFixes"] as? Int == 0 && screening["removedValues"] as? Int == 30)
            let problems = try #require(screening["problems"] as? [[String: Any]])
            #expect(problems.count == 1 && problems[0]["field"] as? String == "elevation" && problems[0]["count"] as? Int == 30)
            #expect(problems[0]["allowed"] as? String == "-500…9000 m" && problems[0]["droppedFixes"] as? Bool == false)
            let run = try #require(try await bo.client.listRuns().ok.body.json.runs.first)
            #expect(run.points == 300 && run.ascentMeters == 0 && run.descentMeters == 0)
            #expect(abs(run.distanceMeters - 897) < 5)
        }
    }

    @Test("times before 1990 or more than a day ahead are removed; a run left without any is 422", arguments: TestDatabase.available)
    func times(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let cy = try await server.newUser("Cy", sharing: .public)
            for (label, start) in [("1980", Date(timeIntervalSince1970: 315_532_800)), ("two days ahead", Date().addingTimeInterval(2 * 86_400))] {
                let upload = try await server.raw(.POST, "/runs", token: cy.token, headers: Self.json,
                                                  body: Self.body(count: 200, metres: 3, seconds: 1, start: start))
                #expect(upload.status == 422 && upload.errorCode == "no_gps_track", "\(label): \(upload.status)")
                let message = (upload.json?["error"] as? [String: Any])?["message"] as? String ?? ""
                #expect(message.contains("200 values removed (time outside 1990-01-01…"), "\(label): \(message)")
            }
            #expect(try await cy.client.listRuns().ok.body.json.runs.isEmpty)

            // One fix of 1980 among good ones is left out; the run is stored from the rest.
            let glitch = try await server.raw(.POST, "/runs", token: cy.token, headers: Self.json,
                                              body: Self.body(count: 200, metres: 3, seconds: 1,
                                                              time: { $0 == 100 ? Date(timeIntervalSince1970: 315_532_800) : nil }))
            #expect(glitch.status == 201, "\(String(decoding: glitch.body, as: UTF8.self))")
            let run = try #require(try await cy.client.listRuns().ok.body.json.runs.first)
            #expect(run.startTime == Self.start && abs(run.movingSeconds - 199) < 2)
            #expect((glitch.json?["screening"] as? [String: Any])?["removedValues"] as? Int == 1)
        }
    }

    @Test("a GPX file's impossible numbers are left out the same way", arguments: TestDatabase.available)
    func fromAFile(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let di = try await server.newUser("Di", sharing: .public)
            let points = (0..<300).map { i in
                let time = ISO8601DateFormatter().string(from: Self.start.addingTimeInterval(Double(i)))
                let elevation = i == 150 ? "1e308" : i == 151 ? "50000" : "\(20 + i % 5)"
                let heartRate = i == 152 ? 900 : 140
                return """
                    <trkpt lat="\(55.86 + Double(i) * 3 / 111_320)" lon="-4.25"><ele>\(elevation)</ele><time>\(time)</time>\
                    <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>\(heartRate)</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>
                    """
            }.joined()
            let gpx = """
                <?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1" \
                xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"><trk><trkseg>\(points)</trkseg></trk></gpx>
                """
            let upload = try await server.raw(.POST, "/runs", token: di.token, headers: [("Content-Type", "application/gpx+xml")],
                                              body: Data(gpx.utf8))
            #expect(upload.status == 201, "\(String(decoding: upload.body, as: UTF8.self))")
            let problems = ((upload.json?["screening"] as? [String: Any])?["problems"] as? [[String: Any]]) ?? []
            #expect(problems.map { $0["field"] as? String } == ["elevation", "heartRate"])
            #expect(problems.map { $0["count"] as? Int } == [2, 1])
            let run = try #require(try await di.client.listRuns().ok.body.json.runs.first)
            #expect(run.ascentMeters < 10)
        }
    }

    @Test("rows already holding infinity make no read answer 500", arguments: TestDatabase.available)
    func plantedRows(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let bo = try await server.newUser("Bo", sharing: .public)
            try await server.befriend(ann, bo)
            let run = try await ann.client.uploadRun(body: .json(MissionFiles.northward(
                from: Coordinate(latitude: 55.86, longitude: -4.25), metres: 1_200, start: Self.start))).created.body.json
            // As a row written before numbers were checked, or by hand.
            let sql = try #require(server.app.db as? any SQLDatabase)
            var update = sql.update("runs")
            for column in ["distance_m", "credited_distance_m", "elapsed_s", "moving_s", "ascent_m", "max_speed", "average_pace",
                           "calories", "start_lat", "start_lon"] {
                update = update.set(SQLIdentifier(column), to: SQLBind(Double.infinity))
            }
            try await update.set(SQLIdentifier("descent_m"), to: SQLBind(-Double.infinity))
                .set(SQLIdentifier("best_efforts"), to: SQLBind(#"[{"distanceMeters":1000,"seconds":1e999}]"#))
                .where("id", .equal, UUID(uuidString: run.id)!).run()
            for (user, path) in [(ann, "/runs"), (ann, "/runs/\(run.id)"), (ann, "/feed"), (bo, "/feed"), (ann, "/me/stats"),
                                 (ann, "/me/achievements"), (bo, "/me/achievements/leaderboard"), (bo, "/users/\(ann.id)/achievements"),
                                 (ann, "/runs/\(run.id)/badges")] {
                let answer = try await server.raw(.GET, path, token: user.token)
                #expect(answer.status == 200, "\(path): \(answer.status) \(String(decoding: answer.body, as: UTF8.self).prefix(200))")
            }
            let listed = try #require(try await ann.client.listRuns().ok.body.json.runs.first)
            #expect(listed.distanceMeters == 0 && listed.ascentMeters == 0 && listed.maxSpeedMetersPerSecond == nil && listed.start == nil)
            #expect(try await ann.client.getStatistics().ok.body.json.distanceMeters == 0)
        }
    }
}

extension ISO8601DateFormatter {
    /// "2026-05-28T20:26:40.000Z".
    static var withMilliseconds: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
