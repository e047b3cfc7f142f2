import Foundation
import PacelineHarness
import PacelineServer
import PacelineTestSupport
import Testing

// One test at a time: each times files against `--settle`, which a machine busy with
// several servers at once would stretch. Every `paceline sync` runs in the background
// (`RunningCommand`), so no thread waits on it while the server in this process answers.
@Suite("paceline sync", .serialized)
struct SyncCommandTests {
    @Test("watching: files are uploaded as they appear, a half-written one once and whole, a copy under another name not again",
          arguments: TestDatabase.available)
    func watch(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let runner = try await server.newUser("Syncer")
            // As OPERATIONS.md advises: an upload-only token made for it, which may not read the profile.
            let made = try await server.raw(.POST, "/me/tokens", token: runner.token, headers: [("Content-Type", "application/json")],
                                            body: Data(#"{"name":"paceline sync","scope":"upload"}"#.utf8))
            let token = try #require(made.json?["token"] as? String)
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let sync = try RunningCommand(["sync", folder.path, "--watch", "--settle", "1.5", "--server", Self.address(server)],
                                          environment: ["PACELINE_TOKEN": token])
            #expect(await sync.waitUntil { $1.contains("watching \(folder.path) (told of changes by inotify)") }, "\(sync.stderr)")
            #expect(!sync.stderr.contains(token) && !sync.stdout.contains(token))

            try FileManager.default.copyItem(at: Fixtures.track("gpx/run.gpx"), to: folder.appendingPathComponent("run.gpx"))
            #expect(await sync.waitUntil { out, _ in out.contains("uploaded \(folder.path)/run.gpx: 3.09 km run, ") }, "\(sync.stdout)")

            // Written in two parts 0.6 s apart, less than --settle: sent once, whole.
            let whole = try Data(contentsOf: Fixtures.track("fit/garmin-fenix-5-run.fit"))
            let growing = folder.appendingPathComponent("Activity/Morning_Run.fit")
            try FileManager.default.createDirectory(at: growing.deletingLastPathComponent(), withIntermediateDirectories: true)
            try whole.prefix(whole.count / 2).write(to: growing)
            try await Task.sleep(for: .milliseconds(600))
            let handle = try FileHandle(forWritingTo: growing)
            try handle.seekToEnd()
            try handle.write(contentsOf: whole.dropFirst(whole.count / 2))
            try handle.close()
            #expect(await sync.waitUntil { out, _ in out.contains("uploaded \(growing.path): ") }, "\(sync.stdout)")
            // The server has it whole: the whole file is a duplicate of the run made.
            #expect(try await server.upload("fit/garmin-fenix-5-run.fit", as: runner, query: "?skipDuplicates=true").status == 200)

            let copy = folder.appendingPathComponent("Copy of run.gpx")
            try FileManager.default.copyItem(at: Fixtures.track("gpx/run.gpx"), to: copy)
            #expect(await sync.waitUntil { out, _ in
                out.contains("skipped \(copy.path): the same file as \(folder.path)/run.gpx, already uploaded")
            }, "\(sync.stdout)")

            sync.send(SIGTERM)
            #expect(await sync.status() == 0, "\(sync.stderr)")
            #expect(sync.stdout.contains("Synced 3 files in "), "\(sync.stdout)")
            #expect(sync.stdout.contains("2 new runs, 1 already there, 0 could not be read."), "\(sync.stdout)")
            #expect(sync.stdout.components(separatedBy: "uploaded ").count == 3, "\(sync.stdout)")
            #expect(!sync.stderr.contains("not uploaded"), "\(sync.stderr)")
            #expect(try await runner.client.listRuns(query: .init(limit: 100)).ok.body.json.runs.count == 2)

            let state = try Self.state(of: folder)
            #expect(Set(state.files.keys) == ["run.gpx", "Copy of run.gpx", "Activity/Morning_Run.fit"])
            #expect(state.contents.count == 2 && state.contents.values.allSatisfy { $0.outcome == "uploaded" })
        }
    }

    @Test("killed after its first upload and run again, it sends nothing twice", arguments: TestDatabase.available)
    func restart(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let runner = try await server.newUser("Syncer")
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let names = ["garmin-fenix-5-bike.fit", "garmin-fenix-5-run.fit", "garmin-fenix-5-walk.fit", "garmin-edge-500-activity.fit"]
            for name in names {
                try FileManager.default.copyItem(at: Fixtures.track("fit/\(name)"), to: folder.appendingPathComponent(name))
            }
            let arguments = ["sync", folder.path, "--settle", "0", "--server", Self.address(server)]
            let first = try RunningCommand(arguments, environment: ["PACELINE_TOKEN": runner.token])
            #expect(await first.waitUntil { out, _ in out.contains("uploaded ") }, "\(first.stderr)")
            first.send(SIGKILL)
            #expect(await first.status() == SIGKILL)

            let second = try RunningCommand(arguments, environment: ["PACELINE_TOKEN": runner.token])
            #expect(await second.status() == 0, "\(second.stderr)")
            let output = first.stdout + second.stdout
            for name in names {
                let path = folder.appendingPathComponent(name).path
                let uploaded = output.components(separatedBy: "uploaded \(path): ").count - 1
                let found = second.stdout.contains("skipped \(path): already on the server")
                // Sent once; or, killed as it was sent, found on the server the second time.
                #expect(uploaded == 1 || uploaded == 0 && found, "\(name): \(output)")
            }
            #expect(try await runner.client.listRuns(query: .init(limit: 100)).ok.body.json.runs.count == names.count)

            let third = try RunningCommand(arguments, environment: ["PACELINE_TOKEN": runner.token])
            #expect(await third.status() == 0, "\(third.stderr)")
            #expect(third.stdout.hasPrefix("Synced 0 files in "), "\(third.stdout)")
        }
    }

    @Test("a file the server refuses is reported once, and tried again only once it changes; a copy of it is reported once",
          arguments: TestDatabase.available)
    func refusedFile(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let runner = try await server.newUser("Syncer")
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let broken = folder.appendingPathComponent("broken.fit")
            try FileManager.default.copyItem(at: Fixtures.track("malformed/activity-unexpected-eof.fit"), to: broken)
            try FileManager.default.copyItem(at: Fixtures.track("gpx/run.gpx"), to: folder.appendingPathComponent("run.gpx"))
            let arguments = ["sync", folder.path, "--settle", "0", "--server", Self.address(server), "--token", runner.token]

            let first = try RunningCommand(arguments)
            #expect(await first.status() == 65, "\(first.stderr)")
            #expect(first.stderr.contains("paceline: not uploaded \(broken.path): 422 invalid_file: "), "\(first.stderr)")
            #expect(first.stderr.contains("; tried again when the file changes\n"), "\(first.stderr)")
            #expect(first.stdout.contains("uploaded \(folder.path)/run.gpx: 3.09 km run, "), "\(first.stdout)")
            #expect(first.stdout.contains("Synced 2 files in "), "\(first.stdout)")
            #expect(first.stdout.contains("1 new runs, 0 already there, 1 could not be read."), "\(first.stdout)")
            let refused = try Self.state(of: folder).contents.values.filter { $0.outcome == "refused" }
            #expect(refused.count == 1 && refused.first?.reason?.hasPrefix("422 invalid_file") == true)

            let again = try RunningCommand(arguments)
            #expect(await again.status() == 0, "\(again.stderr)")
            #expect(again.stderr.isEmpty && again.stdout.hasPrefix("Synced 0 files in "), "\(again.stdout)\(again.stderr)")

            let copy = folder.appendingPathComponent("broken again.fit")
            try FileManager.default.copyItem(at: broken, to: copy)
            let withCopy = try RunningCommand(arguments)
            #expect(await withCopy.status() == 65, "\(withCopy.stderr)")
            #expect(withCopy.stderr == "paceline: not uploaded \(copy.path): the same file as \(broken.path), which the server refused: "
                + "\(refused.first?.reason ?? ""); tried again when the file changes\n", "\(withCopy.stderr)")

            // Changed, it is sent again (and refused again).
            let handle = try FileHandle(forWritingTo: broken)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data([0]))
            try handle.close()
            let changed = try RunningCommand(arguments)
            #expect(await changed.status() == 65, "\(changed.stderr)")
            #expect(changed.stderr.contains("not uploaded \(broken.path): 422 "), "\(changed.stderr)")
            #expect(!changed.stderr.contains(copy.path), "\(changed.stderr)")
            #expect(try await runner.client.listRuns(query: .init(limit: 100)).ok.body.json.runs.count == 1)

            // Planted by whoever shares the folder: a link to a file of the user's elsewhere, a
            // FIFO that would block a read, a file past the server's 32 MiB, and a name with a
            // newline that would forge a line. None is read or sent; the big one is said once.
            let outside = try Self.folder()
            defer { try? FileManager.default.removeItem(at: outside) }
            let secret = outside.appendingPathComponent("secret.gpx")
            try FileManager.default.copyItem(at: Fixtures.track("gpx/run.gpx"), to: secret)
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("linked.gpx"), withDestinationURL: secret)
            #expect(mkfifo(folder.appendingPathComponent("pipe.gpx").path, 0o600) == 0)
            let big = folder.appendingPathComponent("big.fit")
            #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
            try FileHandle(forWritingTo: big).truncate(atOffset: UInt64(33 << 20))
            let forged = folder.appendingPathComponent("a.gpx\nuploaded fake.gpx")
            try FileManager.default.copyItem(at: Fixtures.track("malformed/activity-unexpected-eof.fit"), to: forged)
            let planted = try RunningCommand(arguments)
            let plantedStatus = await planted.status()
            #expect(plantedStatus == 65, "\(plantedStatus): \(planted.stdout)")
            #expect(planted.stderr.contains("not uploaded \(big.path): can't read it: it is 33 MiB; the server takes files up to 32 MiB"),
                    "\(planted.stderr)")
            #expect(!planted.stdout.contains("linked.gpx") && !planted.stderr.contains("linked.gpx") && !planted.stderr.contains("pipe.gpx"))
            #expect(planted.stderr.contains("a.gpx\\nuploaded fake.gpx") && !(planted.stdout + planted.stderr).contains("\nuploaded fake.gpx"),
                    "\(planted.stderr)")
            #expect(try await runner.client.listRuns(query: .init(limit: 100)).ok.body.json.runs.count == 1)
            for name in ["linked.gpx", "pipe.gpx", "big.fit", "a.gpx\nuploaded fake.gpx"] {
                try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }

            let missing = try RunningCommand(["sync", folder.appendingPathComponent("nowhere").path, "--token", runner.token])
            #expect(await missing.status() == 66 && missing.stderr.contains("nowhere: no such folder"), "\(missing.stderr)")
            let noToken = try RunningCommand(["sync", folder.path], environment: ["PACELINE_TOKEN": ""])
            #expect(await noToken.status() == 64 && noToken.stderr.contains("no token"), "\(noToken.stderr)")
        }
    }

    @Test("a server that does not answer at first is asked again, less and less often, until it does", arguments: TestDatabase.available)
    func serverLate(database: TestDatabase) async throws {
        try await withServer(database) { first in
            let runner = try await first.newUser("Syncer")
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            try FileManager.default.copyItem(at: Fixtures.track("gpx/run.gpx"), to: folder.appendingPathComponent("run.gpx"))
            let port = try ServerProcess.freePort()
            let sync = try RunningCommand(["sync", folder.path, "--watch", "--poll", "0.5", "--settle", "0",
                                           "--server", "http://127.0.0.1:\(port)"], environment: ["PACELINE_TOKEN": runner.token])
            #expect(await sync.waitUntil { $1.contains("no Paceline server answers at http://127.0.0.1:\(port); trying again") },
                    "\(sync.stderr)")
            try await withServer(database, port: port, sharing: first) { _ in
                #expect(await sync.waitUntil { out, _ in out.contains("uploaded \(folder.path)/run.gpx: 3.09 km run, ") },
                        "\(sync.stdout)\(sync.stderr)")
                #expect(sync.stderr.contains("paceline: http://127.0.0.1:\(port) answers now\n"), "\(sync.stderr)")
                #expect(sync.stderr.contains("(looking every 0.5 s)"), "\(sync.stderr)")
                sync.send(SIGINT)
                #expect(await sync.status() == 0, "\(sync.stderr)")
            }
            #expect(try await runner.client.listRuns(query: .init(limit: 100)).ok.body.json.runs.count == 1)
        }
    }

    /// A new empty folder to sync.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("paceline-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The address `paceline` takes for `server`.
    static func address(_ server: TestServer) -> String {
        server.baseURL.absoluteString.replacingOccurrences(of: "/api/v1", with: "")
    }

    /// What `.paceline-sync.json` in `folder` holds, as far as the tests look.
    struct State: Decodable {
        struct File: Decodable { let sha256: String? }
        struct Content: Decodable {
            let outcome: String
            let reason: String?
        }

        let files: [String: File]
        let contents: [String: Content]
    }

    static func state(of folder: URL) throws -> State {
        try JSONDecoder().decode(State.self, from: Data(contentsOf: folder.appendingPathComponent(".paceline-sync.json")))
    }
}
