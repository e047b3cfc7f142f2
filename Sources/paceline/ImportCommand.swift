import ArgumentParser
import Foundation
import PacelineAPI
import PacelineArchives
import PacelineCore

/// `paceline import ARCHIVE`: moves a whole history in (a Strava or Garmin bulk export,
/// or a folder of activity files), a few files at a time, resumable.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Move a whole history in: a Strava or Garmin export (.zip, or the folder it unpacks to), or any folder of activity files.",
        discussion: """
            Every .gpx, .tcx and .fit file (each also .gz) is uploaded, in archives inside the \
            archive too (a Garmin export's UploadedFiles…zip). A Strava export's activities.csv \
            gives each activity its name, sport and description. The archive is read a file at a \
            time, never whole.

            Nothing is made twice: a file imported before (the same bytes) or an activity \
            uploaded before (the same start and distance) is counted as already there, so an \
            interrupted import is resumed by running it again. Files that can't be read are \
            listed with the reason at the end, the rest imported; the exit status is then 65.
            """
    )

    @Argument(help: "A .zip export, or a folder.", completion: .file())
    var archive: String

    @OptionGroup var connection: ServerOptions

    @Option(help: "public, friends or private (default: the profile's default).")
    var privacy: Components.Schemas.Privacy?

    @Option(help: "Files uploaded at once (1–16).")
    var parallel = 4

    func validate() throws {
        guard (1...16).contains(parallel) else { throw ValidationError("--parallel must be 1 to 16") }
    }

    func run() async throws {
        let token = try connection.bearerToken()
        let history: HistoryArchive
        do {
            history = try HistoryArchive(contentsOf: URL(fileURLWithPath: archive))
        } catch {
            Output.error("\(archive): \(error)")
            throw ExitCode(66)
        }
        let client: Client
        do {
            client = try await APIClient.make(server: connection.server, token: token)
        } catch {
            Output.error(APIClient.describe(error))
            throw ExitCode(69)
        }
        let started = Date()
        var tally = ImportTally()
        for (path, reason) in history.problems { tally.count(path, .failed(.file(reason))) }
        let bar = ImportProgress(total: history.files.count + history.problems.count)
        try await withThrowingTaskGroup(of: (String, FileUpload.Outcome).self) { group in
            var inFlight = 0
            for file in history.files {
                if inFlight == parallel, let (path, outcome) = try await group.next() {
                    inFlight -= 1
                    tally.count(path, outcome)
                    bar.show(tally)
                }
                let data: Data
                do {
                    data = try history.data(of: file)
                } catch {
                    tally.count(file.path, .failed(.file("\(error)")))
                    bar.show(tally)
                    continue
                }
                let query = Operations.UploadRun.Input.Query(
                    privacy: privacy, sport: file.listing?.sport,
                    name: file.listing?.name.map { Self.cut($0, to: 200) }, skipDuplicates: true, batch: true,
                    description: file.listing?.description.map { Self.cut($0, to: 2000) })
                group.addTask { (file.path, await FileUpload.send(data, named: file.path, query: query, client: client)) }
                inFlight += 1
            }
            for try await (path, outcome) in group {
                tally.count(path, outcome)
                bar.show(tally)
            }
        }
        bar.clear()
        for line in tally.report(withoutFile: history.withoutFile.count, seconds: Date().timeIntervalSince(started)) {
            Output.line(line)
        }
        if !tally.failures.isEmpty { throw ExitCode(65) }
    }

    /// `text` in at most `count` characters, as the API limits it (the last one "…").
    private static func cut(_ text: String, to count: Int) -> String {
        text.unicodeScalars.count <= count ? text : String(String.UnicodeScalarView(text.unicodeScalars.prefix(count - 1))) + "…"
    }
}

