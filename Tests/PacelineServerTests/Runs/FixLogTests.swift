import Foundation
import Logging
import NIOHTTP1
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// GPSLogger's "Log to custom URL": a request per fix, as GPSLogger builds it (its URL
/// template with the placeholders replaced as its `CustomUrlManager` does, the token in the
/// header it lets one add, POST with an empty body), kept until the log goes quiet and
/// becomes a run; and what an attacker or a broken phone might send instead.
@Suite("Fixes logged one at a time")
struct FixLogTests {
    /// The URL docs/CONNECT.md gives GPSLogger.
    static let template = "/fixes?lat=%LAT&lon=%LON&alt=%ALT&acc=%ACC&time=%TIME&starttimestamp=%STARTTIMESTAMP"

    /// `template` as GPSLogger fills it for `fix`: numbers as Java's `String.valueOf`, the time
    /// as its `getIsoDateTime` (milliseconds, UTC) URL-encoded, 0.0 for what it doesn't know.
    static func url(_ template: String, _ fix: Fix, started: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'"
        let time = formatter.string(from: fix.time ?? Date()).replacingOccurrences(of: ":", with: "%3A")
        let all = "lat=%LAT&lon=%LON&sat=%SAT&desc=%DESC&alt=%ALT&acc=%ACC&dir=%DIR&prov=%PROV&spd_kph=%SPD_KPH&spd=%SPD&timestamp=%TIMESTAMP&time=%TIME&starttimestamp=%STARTTIMESTAMP&batt=%BATT&aid=%AID&ser=%SER&filename=%FILENAME&profile=%PROFILE&dist=%DIST&"
        let values: [(String, String)] = [
            ("%ALL", all), ("%LAT", "\(fix.coordinate?.latitude ?? 0)"), ("%LON", "\(fix.coordinate?.longitude ?? 0)"),
            ("%SAT", "0"), ("%DESC", ""), ("%ALT", "\(fix.elevation ?? 0.0)"), ("%ACC", "\(fix.horizontalAccuracy ?? 0.0)"),
            ("%DIR", "0.0"), ("%PROV", "gps"), ("%SPD_KPH", "0.0"), ("%SPD", "0.0"),
            ("%TIMESTAMP", "\(Int((fix.time ?? Date()).timeIntervalSince1970))"), ("%TIME", time),
            ("%STARTTIMESTAMP", "\(Int(started.timeIntervalSince1970))"), ("%BATT", "87.0"), ("%AID", "9774d56d682e549c"),
            ("%SER", "unknown"), ("%FILENAME", "20261129"), ("%PROFILE", "Default+Profile"), ("%DIST", "0"),
        ]
        return values.reduce(template) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }

    /// Sends `fixes` as GPSLogger does, one request each, with the token in its Headers field.
    static func send(_ fixes: [Fix], template: String = template, started: Date, token: String, to server: TestServer) async throws {
        for fix in fixes {
            let answer = try await server.raw(.POST, url(template, fix, started: started), headers: [("Authorization", "Bearer \(token)")], body: Data())
            #expect(answer.status == 202, "\(answer.status) \(String(decoding: answer.body, as: UTF8.self))")
        }
    }

    /// Waits for `user` to have `count` runs (the quiet log's closing runs in the background).
    static func runs(of user: TestUser, count: Int) async throws -> [String] {
        for _ in 0..<300 {
            let runs = try await user.client.listRuns().ok.body.json.runs
            if runs.count >= count { return runs.map(\.id) }
            try await Task.sleep(for: .milliseconds(100))
        }
        return try await user.client.listRuns().ok.body.json.runs.map(\.id)
    }

    /// A log becomes a run 4 s after its last fix: long enough that a machine busy with the
    /// whole suite never pauses that long between two of GPSLogger's requests (1 s split a
    /// log in two under load), short enough to wait for.
    static let quietSoon = FixLogSettings(quiet: 4, interval: 0.2)

    /// Waits for every log to be closed (the run appears a moment before its log goes).
    static func untilClosed(_ server: TestServer) async throws {
        for _ in 0..<300 where try await server.count("SELECT COUNT(*) AS n FROM fix_logs") > 0 {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(try await server.count("SELECT COUNT(*) AS n FROM fix_logs") == 0)
    }

    @Test("GPSLogger's fixes become one run once the log is quiet, as long as the GPX of them; its GPX and its replay are duplicates",
          arguments: TestDatabase.available)
    func becomesARun(database: TestDatabase) async throws {
        let gpx = try Data(contentsOf: Fixtures.track("gpx/run.gpx"))
        let fixes = try ActivityReader.read(gpx, format: .gpx).track.segments.flatMap { $0 }
        let started = try #require(fixes.first?.time).addingTimeInterval(-30)
        try await withServer(database, fixLogs: Self.quietSoon) { server in
            let ann = try await server.newUser("Ann")
            let token = try await PersonalTokenTests.make(ann, server, name: "GPSLogger", scope: "upload").secret
            try await Self.send(fixes, started: started, token: token, to: server)
            let made = try await Self.runs(of: ann, count: 1)
            #expect(made.count == 1)
            let run = try #require(made.first)
            let logged = try await ann.client.getRun(path: .init(runId: run)).ok.body.json
            #expect(logged.format == "json")
            #expect(logged.privacy == .private, "private until Ann chooses otherwise")
            // The same numbers as the file of the same fixes.
            let bo = try await server.newUser("Bo")
            let uploaded = try #require(try await server.upload("gpx/run.gpx", as: bo).json)
            #expect(abs(logged.distanceMeters - (uploaded["distanceMeters"] as? Double ?? 0)) < 0.5)
            #expect(logged.elapsedSeconds == uploaded["elapsedSeconds"] as? Double)
            #expect(logged.movingSeconds == uploaded["movingSeconds"] as? Double)
            try await Self.untilClosed(server)
            #expect(try await server.count("SELECT COUNT(*) AS n FROM logged_fixes") == 0)
            // GPSLogger also writes the GPX, which a synced folder uploads: the same run.
            let file = try await server.raw(.POST, "/runs", token: token, headers: [("Content-Type", "application/gpx+xml")], body: gpx)
            #expect(file.status == 200 && file.json?["id"] as? String == run)
            // Its auto-send replays the whole log through the same URL (%ALL this time): no second run.
            try await Self.send(fixes, template: "/fixes?%ALL", started: started, token: token, to: server)
            try await Self.untilClosed(server)
            #expect(try await ann.client.listRuns().ok.body.json.runs.map(\.id) == [run])
        }
    }

    @Test("what can't be true is refused or left out; a fix sent twice is kept once; a full log refuses more", arguments: TestDatabase.available)
    func checked(database: TestDatabase) async throws {
        try await withServer(database, fixLogs: FixLogSettings(quiet: 3600, interval: 3600)) { server in
            let ann = try await server.newUser("Ann")
            let token = try await PersonalTokenTests.make(ann, server, name: "GPSLogger", scope: "upload").secret
            let read = try await PersonalTokenTests.make(ann, server, name: "reader", scope: "read").secret
            let now = Int(Date().timeIntervalSince1970)
            let good = "lat=51.5&lon=-0.12&timestamp=\(now)&starttimestamp=\(now - 60)"
            let refused = [
                "lat=91&lon=0&timestamp=\(now)", "lat=abc&lon=0&timestamp=\(now)", "lat=NaN&lon=0&timestamp=\(now)",
                "lat=1e400&lon=0&timestamp=\(now)", "lat=51.5&lon=-181&timestamp=\(now)", "lat=51.5&lon=0",
                "lat=51.5&lon=0&timestamp=100", "lat=51.5&lon=0&timestamp=\(now + 3 * 86_400)", "lat=51.5&lon=0&time=yesterday",
                "lat=51.5&lon=0&timestamp=\(now)&starttimestamp=-5", "lat=51.5&lon=0&timestamp=\(now)&starttimestamp=soon",
                "lon=0&timestamp=\(now)",
            ]
            for query in refused {
                let answer = try await server.raw(.POST, "/fixes?\(query)", token: token)
                #expect(answer.status == 400, "\(query): \(answer.status)")
            }
            #expect(try await server.count("SELECT COUNT(*) AS n FROM logged_fixes") == 0)
            // Who may log: an upload token, in the header or the address; not a reader, not Basic, not no one.
            #expect(try await server.raw(.POST, "/fixes?\(good)", token: read).errorCode == "token_scope")
            #expect(try await server.raw(.POST, "/fixes?\(good)").status == 401)
            #expect(try await server.raw(.POST, "/fixes?\(good)", headers: [("Authorization", "Basic YW5uOnNlY3JldA==")]).status == 401)
            // A decimal comma, a 0 accuracy (unknown) and an altitude in space: kept, the last two left out
            // (as is GPSLogger's 0.0 altitude, checked below).
            let kept = try await server.raw(.POST, "/fixes?lat=51,5&lon=-0,12&timestamp=\(now)&starttimestamp=\(now - 60)&acc=0&alt=1e9&token=\(token)")
            #expect(kept.status == 202 && kept.json?["fixes"] as? Int == 1, "\(kept.status) \(String(decoding: kept.body, as: UTF8.self))")
            let again = try await server.raw(.POST, "/fixes?\(good)&alt=0.0", token: token)
            #expect(again.status == 202 && again.json?["fixes"] as? Int == 1, "the same time is the same fix")
            #expect(try await server.count("SELECT COUNT(*) AS n FROM logged_fixes") == 1, "the same time twice is one fix")
            #expect(try await server.count("SELECT COUNT(*) AS n FROM logged_fixes WHERE elevation IS NULL AND accuracy IS NULL") == 1)
            // A log at its limit refuses more, and keeps what it has.
            try await server.execute("UPDATE fix_logs SET fix_count = \(FixLog.maximumFixes)")
            let full = try await server.raw(.POST, "/fixes?lat=51.5&lon=-0.12&timestamp=\(now + 1)&starttimestamp=\(now - 60)", token: token)
            #expect(full.status == 422 && full.errorCode == "over_limit")
            #expect(try await server.count("SELECT COUNT(*) AS n FROM logged_fixes") == 1)
            // A log without a start is the day's; another user's fixes are theirs.
            let bo = try await server.newUser("Bo")
            let boToken = try await PersonalTokenTests.make(bo, server, name: "GPSLogger", scope: "upload").secret
            #expect(try await server.raw(.POST, "/fixes?lat=51.5&lon=-0.12&timestamp=\(now)", token: boToken).json?["fixes"] as? Int == 1)
            #expect(try await server.count("SELECT COUNT(*) AS n FROM fix_logs") == 2)
        }
    }

    @Test("a long stop splits a session into two runs, neither losing a fix; replaying the whole session adds nothing",
          arguments: TestDatabase.available)
    func splitSession(database: TestDatabase) async throws {
        let fixes = try ActivityReader.read(contentsOf: Fixtures.track("gpx/run.gpx")).track.segments.flatMap { $0 }
        let started = try #require(fixes.first?.time)
        let (before, after) = (Array(fixes.prefix(fixes.count / 2)), Array(fixes.dropFirst(fixes.count / 2)))
        try await withServer(database, fixLogs: Self.quietSoon) { server in
            let ann = try await server.newUser("Ann")
            let token = try await PersonalTokenTests.make(ann, server, name: "GPSLogger", scope: "upload").secret
            try await Self.send(before, started: started, token: token, to: server)
            #expect(try await Self.runs(of: ann, count: 1).count == 1)
            try await Self.untilClosed(server)
            // The runner sets off again after the café: the same start of GPSLogger, a new log.
            try await Self.send(after, started: started, token: token, to: server)
            let both = try await Self.runs(of: ann, count: 2)
            #expect(both.count == 2)
            try await Self.untilClosed(server)
            var points = 0
            for id in both { points += try await ann.client.getRun(path: .init(runId: id)).ok.body.json.points }
            // One fix a time: the file has two points at 23:38:09, which GPSLogger never sends.
            #expect(points == Set(fixes.compactMap(\.time)).count, "every fix is in one of the runs")
            // GPSLogger's auto-send replays the day: nothing new.
            try await Self.send(fixes, template: "/fixes?%ALL", started: started, token: token, to: server)
            try await Self.untilClosed(server)
            #expect(Set(try await ann.client.listRuns().ok.body.json.runs.map(\.id)) == Set(both))
        }
    }

    @Test("a user keeps at most 10 logs open; a log already open still takes fixes", arguments: TestDatabase.available)
    func openLogs(database: TestDatabase) async throws {
        try await withServer(database, fixLogs: FixLogSettings(quiet: 3600, interval: 3600)) { server in
            let ann = try await server.newUser("Ann")
            let token = try await PersonalTokenTests.make(ann, server, name: "GPSLogger", scope: "upload").secret
            let now = Int(Date().timeIntervalSince1970)
            for start in 0..<FixLog.maximumOpenLogs {
                let answer = try await server.raw(.POST, "/fixes?lat=51.5&lon=-0.12&timestamp=\(now)&starttimestamp=\(start)", token: token)
                #expect(answer.status == 202)
            }
            let eleventh = try await server.raw(.POST, "/fixes?lat=51.5&lon=-0.12&timestamp=\(now)&starttimestamp=99", token: token)
            #expect(eleventh.status == 422 && eleventh.errorCode == "over_limit")
            #expect((eleventh.json?["error"] as? [String: Any])?["message"] as? String
                    == "you have 10 logs still receiving fixes: each becomes a run once it has been quiet for a while; send this one then")
            let open = try await server.raw(.POST, "/fixes?lat=51.5&lon=-0.12&timestamp=\(now + 1)&starttimestamp=3", token: token)
            #expect(open.status == 202 && open.json?["fixes"] as? Int == 2)
            // Ten at once from another phone of the same user hold to the bound too.
            let bo = try await server.newUser("Bo")
            let boToken = try await PersonalTokenTests.make(bo, server, name: "GPSLogger", scope: "upload").secret
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for start in 0..<25 {
                    group.addTask { try await server.raw(.POST, "/fixes?lat=51.5&lon=-0.12&timestamp=\(now)&starttimestamp=\(start)", token: boToken).status }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 202 }.count == FixLog.maximumOpenLogs)
            #expect(statuses.filter { $0 == 422 }.count == 25 - FixLog.maximumOpenLogs)
        }
    }

    @Test("instances closing the same quiet log at once make one run", arguments: TestDatabase.available)
    func closedOnce(database: TestDatabase) async throws {
        let fixes = try ActivityReader.read(contentsOf: Fixtures.track("gpx/run.gpx")).track.segments.flatMap { $0 }
        try await withServer(database, fixLogs: FixLogSettings(quiet: 0.5, interval: 3600)) { server in
            let ann = try await server.newUser("Ann")
            let token = try await PersonalTokenTests.make(ann, server, name: "GPSLogger", scope: "upload").secret
            try await Self.send(Array(fixes.prefix(200)), started: try #require(fixes.first?.time), token: token, to: server)
            try await Task.sleep(for: .seconds(1))
            let logger = Logger(label: "test")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<4 { group.addTask { try await FixLog.closeQuiet(quiet: 0.5, on: server.app.db, logger: logger) } }
                try await group.waitForAll()
            }
            #expect(try await ann.client.listRuns().ok.body.json.runs.count == 1)
            #expect(try await server.count("SELECT COUNT(*) AS n FROM fix_logs") == 0)
        }
    }
}
