import ArgumentParser
import Foundation
import PacelineAPI
import PacelineCore

/// `paceline sync DIR…`: uploads every activity file that appears in folders (a watch's
/// `GARMIN/Activity`, a Syncthing folder, an app's export folder), each once; with
/// `--watch`, as they appear, until stopped.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Upload every activity file that appears in folders, each once; with --watch, as they appear.",
        discussion: """
            Every .gpx, .tcx and .fit file (each also .gz) in the folders and the folders inside \
            them is uploaded once it has stopped growing: when two looks --settle seconds apart \
            find its size and times unchanged. Hidden files (a name starting with a dot) are \
            passed over. Each folder keeps what was uploaded from it in .paceline-sync.json, by \
            each file's SHA-256: a file renamed or copied is not uploaded again, and a sync \
            stopped at any moment resumes where it was. A file the server refuses (or that \
            can't be read) is reported once and tried again only once it changes.

            With --watch it keeps watching (told by inotify on Linux; elsewhere, and with \
            --poll, it looks every few seconds) until SIGINT or SIGTERM, and waits for a \
            folder that is not there (a watch unplugged) and for a server that does not answer.

            Exit status: 0 when every file is uploaded or already there, and for a watch that \
            is stopped; 65 when a file could not be (each is listed); 66 when a folder is not there (without --watch) or not a \
            folder; 69 when no server answers (without --watch, after trying for 15 s); 77 \
            when the server refuses the token; 64 without one.
            """
    )

    @Argument(help: "Folders to upload from.", completion: .directory)
    var folders: [String]

    @OptionGroup var connection: ServerOptions

    @Flag(help: "Keep watching the folders, and upload files as they appear.")
    var watch = false

    @Option(help: ArgumentHelp("Seconds a file's size and times must stay the same before it is uploaded (0–3600).",
                               valueName: "seconds"))
    var settle: Double = 5

    @Option(help: ArgumentHelp("With --watch, look every SECONDS (0.1–3600) instead of being told of changes "
                               + "(a network share, changed from elsewhere).", valueName: "seconds"))
    var poll: Double?

    @Option(help: "public, friends or private (default: the profile's default).")
    var privacy: Components.Schemas.Privacy?

    @Option(help: "Units to show distances in: metric or imperial.")
    var units: UnitSystem = .metric

    func validate() throws {
        guard !folders.isEmpty else { throw ValidationError("name at least one folder") }
        guard settle.isFinite, (0...3600).contains(settle) else { throw ValidationError("--settle must be 0 to 3600 seconds") }
        if let poll {
            guard poll.isFinite, (0.1...3600).contains(poll) else { throw ValidationError("--poll must be 0.1 to 3600 seconds") }
            guard watch else { throw ValidationError("--poll is for --watch") }
        }
    }

    func run() async throws {
        let token = try connection.bearerToken()
        for folder in folders {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder)
            guard isFolder.boolValue || (watch && !exists) else {
                Output.error("\(folder): \(exists ? "not a folder" : "no such folder")")
                throw ExitCode(66)
            }
        }
        let started = Date()
        let doorbell = Doorbell()
        let stop = StopSignals(ringing: doorbell)
        let pause = Pause(doorbell: doorbell, stop: stop)
        var backoff = Backoff(keepsTrying: watch)
        guard let client = try await connect(token: token, backoff: &backoff, pause: pause) else { return }
        let query = Operations.UploadRun.Input.Query(privacy: privacy, skipDuplicates: true, batch: true)
        let sync = FolderSync(folders: folders, server: connection.server, settle: settle, report: SyncReport(units: units)) {
            await FileUpload.send($0, named: $1, query: query, client: client)
        }
        let watcher = watch && poll == nil ? FolderWatch(ringing: doorbell) : nil
        if watch {
            let how = watcher == nil ? "looking every \((poll ?? 10).formatted()) s" : "told of changes by inotify"
            Output.error("watching \(folders.joined(separator: ", ")) (\(how)); SIGINT or SIGTERM stops")
        }
        while !stop.requested {
            let look = try await sync.look(unless: stop)
            let newlyWatched = watcher?.watch(look.folders) ?? false
            if let reason = look.unanswered {
                guard let seconds = backoff.next() else {
                    Output.error("the server did not answer (\(reason)); run again later")
                    Output.line(sync.tally.summary("Synced", seconds: Date().timeIntervalSince(started)))
                    throw ExitCode(69)
                }
                if backoff.waits == 1 { Output.error("the server did not answer (\(reason)); trying again, less and less often") }
                await pause.sleep(Double(seconds))
                continue
            }
            if backoff.waits > 0 { Output.error("\(connection.server) answers again") }
            backoff.reset()
            if !watch && look.nextLook == nil { break }
            // Told of changes, look again for safety every 5 min; else every --poll seconds,
            // or every 10 s (and for a folder that is not there: inotify can't watch it).
            let idle = poll ?? (watcher != nil && !look.folderMissing ? 300 : 10)
            let next = newlyWatched ? 0 : min(look.nextLook.map { max($0.timeIntervalSinceNow, 0.05) } ?? idle, idle)
            await doorbell.wait(upTo: next)
        }
        Output.line(sync.tally.summary("Synced", seconds: Date().timeIntervalSince(started)))
        // A watch that is stopped has done what it was for (systemd would call 65 a failure).
        if !watch && !sync.tally.failures.isEmpty { throw ExitCode(65) }
    }

    /// The API client, once the server answers and takes the token; nil when stopped first.
    /// - Throws: `ExitCode(69)` when no server answers and `backoff` gives up; 77 when the
    ///   token is refused.
    private func connect(token: String, backoff: inout Backoff, pause: Pause) async throws -> Client? {
        while !pause.stop.requested {
            let answer: Operations.GetProfile.Output
            let client: Client
            do {
                client = try await APIClient.make(server: connection.server, token: token)
                answer = try await client.getProfile()
            } catch {
                guard let seconds = backoff.next() else {
                    Output.error(APIClient.describe(error))
                    throw ExitCode(69)
                }
                if backoff.waits == 1 { Output.error("\(APIClient.describe(error)); trying again, less and less often") }
                await pause.sleep(Double(seconds))
                continue
            }
            if backoff.waits > 0 { Output.error("\(connection.server) answers now") }
            backoff.reset()
            // An upload-only token (Profile › Connected apps) may not read the profile: the
            // server says so (`token_scope`), which shows the token itself is good.
            if case .default(let status, let error) = answer, [401, 403].contains(status),
               (try? error.body.json.error.code) != "token_scope" {
                let detail = (try? error.body.json.error).map { "\(status) \($0.code): \($0.message)" } ?? "\(status)"
                Output.error("the server refused the token (\(detail)): make another in Profile › Connected apps, or log in again with `paceline login`")
                throw ExitCode(77)
            }
            return client
        }
        return nil
    }
}

/// A wait of `paceline sync` that only a stop cuts short (not a change in a folder).
struct Pause {
    let doorbell: Doorbell
    let stop: StopSignals

    func sleep(_ seconds: Double) async {
        let end = Date().addingTimeInterval(seconds)
        while !stop.requested, end.timeIntervalSinceNow > 0 {
            await doorbell.wait(upTo: end.timeIntervalSinceNow)
        }
    }
}
