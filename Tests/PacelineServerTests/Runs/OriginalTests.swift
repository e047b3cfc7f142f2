import Foundation
import OpenAPIRuntime
import PacelineAPI
import PacelineArchives
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// Every upload's file is kept byte for byte with the runs it made: given back to its
/// owner, in their export and their backups, kept once however often it is uploaded, and
/// gone with the last run that uses it.
@Suite("Originals")
struct OriginalTests {
    /// An upload, as a test sends it.
    struct Sent {
        var name: String
        var contentType: String
        var body: Data
        /// What the original is answered as.
        var answeredAs: String
        var fileExtension: String
    }

    static let boundary = "paceline-boundary"

    /// A GPX, TCX and FIT file, a gzipped GPX, a form's TCX part and the app's JSON, each
    /// with what its original is answered as.
    static func uploads() throws -> [Sent] {
        let file = { (path: String) in try Data(contentsOf: Fixtures.track(path)) }
        let tour = try file("tcx/tour_hr.tcx")
        var form = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"tour.tcx\"\r\n\r\n".utf8)
        form.append(tour)
        form.append(Data("\r\n--\(boundary)--\r\n".utf8))
        return [
            Sent(name: "GPX", contentType: "application/gpx+xml", body: try file("gpx/run.gpx"),
                 answeredAs: "application/gpx+xml", fileExtension: "gpx"),
            Sent(name: "TCX", contentType: "application/vnd.garmin.tcx+xml", body: try file("tcx/garmin_connect.tcx"),
                 answeredAs: "application/vnd.garmin.tcx+xml", fileExtension: "tcx"),
            Sent(name: "FIT", contentType: "application/vnd.ant.fit", body: try file("fit/garmin-fenix-5-run.fit"),
                 answeredAs: "application/vnd.ant.fit", fileExtension: "fit"),
            Sent(name: "gzipped GPX", contentType: "application/octet-stream", body: try SystemGzip.compress(try file("gpx/blue_hills.gpx")),
                 answeredAs: "application/gzip", fileExtension: "gpx.gz"),
            Sent(name: "form", contentType: "multipart/form-data; boundary=\(boundary)", body: form,
                 answeredAs: "application/vnd.garmin.tcx+xml", fileExtension: "tcx"),
            Sent(name: "app's JSON", contentType: "application/json", body: Self.appRecording,
                 answeredAs: "application/json", fileExtension: "json"),
        ]
    }

    /// A recording as the app sends it, spaced and ordered as no encoder here would write it.
    static let appRecording: Data = {
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        let fixes = (0..<120).map { second in
            """
            { "time" : "\(ISO8601DateFormatter().string(from: start.addingTimeInterval(Double(second))))",
              "longitude": \(-4.2372 + Double(second) * 0.00005), "latitude" :55.8506, "horizontalAccuracy": 4.5 }
            """
        }
        return Data("{\n  \"name\": \"Lunch run\", \"sport\": \"run\",\n  \"fixes\": [\(fixes.joined(separator: ",\n"))]\n}\n".utf8)
    }()

    /// The part of an upload the original is: a form's file part, the rest whole.
    static func original(of sent: Sent) throws -> Data {
        sent.name == "form" ? try Data(contentsOf: Fixtures.track("tcx/tour_hr.tcx")) : sent.body
    }

    static func upload(_ sent: Sent, as user: TestUser, _ server: TestServer, query: String = "") async throws -> TestServer.RawResponse {
        try await server.raw(.POST, "/runs" + query, token: user.token, headers: [("Content-Type", sent.contentType)], body: sent.body)
    }

    /// The runs an upload made: its first, and those of the file's other activities.
    static func runs(of upload: TestServer.RawResponse) throws -> [String] {
        let answer = try #require(upload.json)
        return [try #require(answer["id"] as? String)] + (answer["otherRunIds"] as? [String] ?? [])
    }

    static func header(_ name: String, of answer: TestServer.RawResponse) -> String? {
        answer.headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    @Test("the owner gets each upload back byte for byte: GPX, TCX, FIT, a gzipped GPX, a form's file part, the app's JSON",
          arguments: TestDatabase.available)
    func ownerGetsTheFile(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            for sent in try Self.uploads() {
                let uploaded = try await Self.upload(sent, as: ann, server)
                #expect(uploaded.status == 201, "\(sent.name): \(String(decoding: uploaded.body, as: UTF8.self))")
                let id = try #require(uploaded.json?["id"] as? String)
                let expected = try Self.original(of: sent)
                let plain = try await OriginalPrivacyTests.original(of: id, server, token: ann.token)
                #expect(plain.status == 200 && plain.body == expected, "\(sent.name): \(plain.body.count) bytes, sent \(expected.count)")
                // JSON is answered as JSON is everywhere in the API: `application/json; charset=utf-8`.
                #expect(Self.header("Content-Type", of: plain)?.hasPrefix(sent.answeredAs) == true, "\(sent.name)")
                #expect(Self.header("Content-Encoding", of: plain) == nil, "\(sent.name)")
                let stem = try #require(try await Run.find(UUID(uuidString: id), on: server.app.db)).fileStem()
                #expect(Self.header("Content-Disposition", of: plain) == "attachment; filename=\"\(stem).\(sent.fileExtension)\"", "\(sent.name)")
                // To a client that accepts gzip, what the server gzipped is sent as kept; what came gzipped, as it came.
                let gzipped = try await OriginalPrivacyTests.original(of: id, server, token: ann.token, gzip: true)
                if sent.answeredAs == "application/gzip" {
                    #expect(gzipped.body == expected && Self.header("Content-Encoding", of: gzipped) == nil)
                } else {
                    #expect(Self.header("Content-Encoding", of: gzipped) == "gzip", "\(sent.name)")
                    #expect(try SystemGzip.decompress(gzipped.body) == expected, "\(sent.name)")
                }
            }
            // The generated client reads it too (and undoes the gzip it asked for).
            let fit = try #require(try Self.uploads().first { $0.name == "FIT" })
            let fitRun = try #require(try await Self.upload(fit, as: ann, server).json?["id"] as? String)
            guard case .applicationVnd_ant_fit(let body) = try await ann.client.getRunOriginal(path: .init(runId: fitRun)).ok.body else {
                Issue.record("not a FIT")
                return
            }
            #expect(try await Data(collecting: body, upTo: 1 << 24) == fit.body)
        }
    }

    @Test("a refused upload keeps nothing; a run stored before originals were kept has none (404 saying so)",
          arguments: TestDatabase.available)
    func refusedAndOlder(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let indoor = try await server.upload("fit/sample-activity-indoor-trainer.fit", as: ann)
            #expect(indoor.status == 422 && indoor.errorCode == "no_gps_track")
            let broken = try await server.raw(.POST, "/runs", token: ann.token, headers: [("Content-Type", "application/gpx+xml")],
                                              body: Data("<gpx><trk><trkseg><trkpt lat=\"1\"".utf8))
            #expect(broken.status == 422)
            #expect(try await server.count("SELECT COUNT(*) AS n FROM originals") == 0)

            let id = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            try await server.execute("UPDATE runs SET original_id = NULL, original_activity = NULL")
            let older = try await OriginalPrivacyTests.original(of: id, server, token: ann.token)
            #expect(older.status == 404 && older.errorCode == "not_found")
            #expect((older.json?["error"] as? [String: Any])?["message"] as? String == "the run has no original: it was stored before uploads were kept")
            let run = try #require(try await Run.find(UUID(uuidString: id), on: server.app.db))
            #expect(try await RunOriginal.activity(of: run, on: server.app.db) == nil)
        }
    }

    @Test("a file uploaded again is kept once; deleting a run keeps its original while another run uses it, the last one's removes it",
          arguments: TestDatabase.available)
    func keptOnceUntilTheLastRun(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let gpx = try Data(contentsOf: Fixtures.track("gpx/run.gpx"))
            let first = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            let second = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            #expect(first != second)
            let skipped = try await server.upload("gpx/run.gpx", as: ann, query: "?skipDuplicates=true")
            #expect(skipped.status == 200 && skipped.json?["duplicate"] as? Bool == true)
            #expect(try await server.count("SELECT COUNT(*) AS n FROM originals") == 1, "three uploads, one copy")
            let bytes = try await server.count("SELECT CAST(SUM(byte_count) AS BIGINT) AS n FROM originals")
            #expect(bytes == gpx.count)
            // A triathlon's FIT: five runs of one file.
            let legs = try Self.runs(of: try await server.upload("fit/sample_mulitple_header.fit", as: ann))
            #expect(legs.count == 5)
            #expect(try await server.count("SELECT COUNT(*) AS n FROM originals") == 2)

            _ = try await ann.client.deleteRun(path: .init(runId: first)).noContent
            #expect(try await OriginalPrivacyTests.original(of: second, server, token: ann.token).body == gpx, "the other run still uses it")
            #expect(try await server.count("SELECT COUNT(*) AS n FROM originals") == 2)
            _ = try await ann.client.deleteRun(path: .init(runId: second)).noContent
            #expect(try await server.count("SELECT COUNT(*) AS n FROM originals") == 1, "the last run's deletion removes it")

            let triathlon = try Data(contentsOf: Fixtures.track("fit/sample_mulitple_header.fit"))
            for leg in legs.dropLast() {
                _ = try await ann.client.deleteRun(path: .init(runId: leg)).noContent
                #expect(try await OriginalPrivacyTests.original(of: legs[4], server, token: ann.token).body == triathlon)
            }
            _ = try await ann.client.deleteRun(path: .init(runId: legs[4])).noContent
            #expect(try await server.count("SELECT COUNT(*) AS n FROM originals") == 0)
            #expect(try await server.count("SELECT COUNT(*) AS n FROM runs WHERE original_id IS NOT NULL") == 0, "the deleted rows name none")
        }
    }

    @Test("the export holds each original byte for byte beside the rebuilt activity, listed with its runs",
          arguments: TestDatabase.available)
    func export(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            var sentByRun: [String: Data] = [:]
            for sent in try Self.uploads() {
                // A file of several activities (blue_hills.gpx holds more than one track) made a run of each.
                for id in try Self.runs(of: try await Self.upload(sent, as: ann, server)) { sentByRun[id] = try Self.original(of: sent) }
            }
            let legs = try Self.runs(of: try await server.upload("fit/sample_mulitple_header.fit", as: ann))
            let triathlon = try Data(contentsOf: Fixtures.track("fit/sample_mulitple_header.fit"))
            for leg in legs { sentByRun[leg] = triathlon }

            let files = try await OriginalPrivacyTests.export(of: ann, server)
            let listed = try #require(files["originals.json"])
            let listing = try #require(try JSONSerialization.jsonObject(with: listed) as? [[String: Any]])
            #expect(listing.count == sentByRun.count)
            for line in listing {
                let run = try #require(line["runId"] as? String), file = try #require(line["file"] as? String)
                let sha = try #require(line["sha256"] as? String)
                #expect(files[file] == sentByRun[run], "\(file) is what made \(run), byte for byte")
                #expect(file.hasPrefix("originals/\(sha).") && line["bytes"] as? Int == sentByRun[run]?.count)
            }
            // The triathlon's file is in the archive once, and each leg says which activity of it it is.
            let legLines = listing.filter { legs.contains($0["runId"] as? String ?? "") }
            #expect(Set(legLines.compactMap { $0["file"] as? String }).count == 1)
            #expect(legs.map { leg in legLines.first { $0["runId"] as? String == leg }?["activity"] as? Int } == [1, 2, 3, 4, 5])
            let uploads = try Self.uploads().count
            #expect(files.keys.filter { $0.hasPrefix("originals/") }.count == uploads + 1)
            // What was there stays: the activities rebuilt from the stored tracks, and the JSON.
            #expect(files.keys.filter { $0.hasPrefix("activities/") }.count == sentByRun.count)
            #expect(files["runs.json"] != nil && files["profile.json"] != nil)
            // run.gpx: 66,712 bytes uploaded, 66,712 in the export (the rebuilt one is smaller).
            let gpx = try Data(contentsOf: Fixtures.track("gpx/run.gpx"))
            #expect(gpx.count == 66_712 && files.values.contains(gpx))
        }
    }

    @Test("activity(of:on:) reads a run's activity again from its original, as the upload read it", arguments: TestDatabase.available)
    func activityOfRun(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let database = server.app.db
            func activity(_ id: String) async throws -> Activity {
                let run = try #require(try await Run.find(UUID(uuidString: id), on: database))
                return try #require(try await RunOriginal.activity(of: run, on: database))
            }
            for sent in try Self.uploads() where sent.name != "app's JSON" {
                let id = try #require(try await Self.upload(sent, as: ann, server).json?["id"] as? String)
                let read = try ActivityFile.readAll(try Self.original(of: sent))
                let again = try await activity(id)
                #expect(again.track == read[0].track && again.laps.count == read[0].laps.count && again.sport == read[0].sport, "\(sent.name)")
            }
            // Of a file of several, the run's own activity.
            let legs = try Self.runs(of: try await server.upload("fit/sample_mulitple_header.fit", as: ann))
            let triathlon = try ActivityFile.readAll(try Data(contentsOf: Fixtures.track("fit/sample_mulitple_header.fit")))
            for (index, leg) in legs.enumerated() {
                let again = try await activity(leg)
                #expect(again.track == triathlon[index].track && again.sport == triathlon[index].sport, "leg \(index + 1)")
            }
            // The app's JSON: its fixes, name and sport.
            let app = try #require(try Self.uploads().first { $0.name == "app's JSON" })
            let recorded = try await activity(try #require(try await Self.upload(app, as: ann, server).json?["id"] as? String))
            #expect(recorded.track.fixes.count == 120 && recorded.name == "Lunch run" && recorded.sport == .run)
            #expect(recorded.track.fixes.first?.time == Date(timeIntervalSince1970: 1_780_000_000))
            #expect(recorded.track.fixes.last?.coordinate == Coordinate(latitude: 55.8506, longitude: -4.2372 + 119 * 0.00005))
        }
    }

    @Test("two instances on one PostgreSQL serve the same original, and either's deletion removes it")
    func twoInstances() async throws {
        guard TestDatabase.available.contains(.postgres) else { return }
        try await withServer(.postgres) { one in
            try await withServer(sharing: one) { two in
                let ann = try await one.newUser("Ann")
                let fit = try Data(contentsOf: Fixtures.track("fit/garmin-fenix-5-run.fit"))
                let id = try #require(try await one.upload("fit/garmin-fenix-5-run.fit", as: ann).json?["id"] as? String)
                #expect(try await OriginalPrivacyTests.original(of: id, two, token: ann.token).body == fit)
                #expect(try await OriginalPrivacyTests.original(of: id, one, token: ann.token).body == fit)
                let again = try #require(try await two.upload("fit/garmin-fenix-5-run.fit", as: ann).json?["id"] as? String)
                #expect(try await one.count("SELECT COUNT(*) AS n FROM originals") == 1, "the second instance found the first's copy")
                _ = try await two.client(token: ann.token).deleteRun(path: .init(runId: id)).noContent
                _ = try await one.client(token: ann.token).deleteRun(path: .init(runId: again)).noContent
                #expect(try await two.count("SELECT COUNT(*) AS n FROM originals") == 0)
            }
        }
    }

    @Test("a backup holds the originals: restored (a SQLite copy put in place, a PostgreSQL dump through pg_restore), it gives each back byte for byte",
          arguments: TestDatabase.available)
    func backup(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            var sent: [String: Data] = [:]
            for path in ["fit/garmin-fenix-5-run.fit", "gpx/run.gpx", "tcx/garmin_connect.tcx"] {
                let id = try #require(try await server.upload(path, as: ann).json?["id"] as? String)
                sent[id] = try Data(contentsOf: Fixtures.track(path))
            }
            let copy = FileManager.default.temporaryDirectory.appendingPathComponent("backup-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: copy) }
            _ = try await DatabaseBackup.backUp(server.location, to: copy)
            switch server.location {
            case .sqlite:
                // The copy is a database: opened as the server opens one, it has them all.
                let restored = try await DatabaseLocation.sqlite(path: copy.path).withApplication { app in
                    var restored: [String: (Data, Activity)] = [:]
                    for id in sent.keys {
                        let run = try #require(try await Run.find(UUID(uuidString: id), on: app.db))
                        let original = try #require(try await RunOriginal.original(of: run, on: app.db))
                        restored[id] = (try RunOriginal.received(original), try #require(try await RunOriginal.activity(of: run, on: app.db)))
                    }
                    return restored
                }
                for (id, file) in sent {
                    #expect(restored[id]?.0 == file)
                    #expect(restored[id]?.1.track == (try ActivityFile.readAll(file))[0].track)
                }
            case .postgres(let url, let schema?):
                // The database is lost (its schema moved out of the server's way) and the dump
                // restored in its place: the server serves the originals from the restored rows.
                try await server.execute("ALTER SCHEMA \"\(schema)\" RENAME TO \"\(schema)_lost\"")
                try Self.restore(copy, into: url)
                try await server.execute("DROP SCHEMA \"\(schema)_lost\" CASCADE")
                for (id, file) in sent {
                    #expect(try await OriginalPrivacyTests.original(of: id, server, token: ann.token).body == file)
                }
            case .postgres:
                Issue.record("a test's PostgreSQL database is a schema of its own")
            }
        }
    }

    /// `pg_restore` of the dump `file` into the database at `url`, as docs/OPERATIONS.md has
    /// an operator do it; the password in the environment, as `DatabaseBackup` gives it.
    static func restore(_ file: URL, into url: String) throws {
        var components = try #require(URLComponents(string: url))
        let password = components.password
        components.password = nil
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pg_restore", "--exit-on-error", "--no-owner", "--dbname", try #require(components.string), file.path]
        if let password { process.environment = ProcessInfo.processInfo.environment.merging(["PGPASSWORD": password]) { $1 } }
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "pg_restore: \(message)")
    }
}
