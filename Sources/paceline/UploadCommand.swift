import ArgumentParser
import Foundation
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import PacelineAPI
import PacelineCore

/// `paceline upload`: sends activity files to a Paceline server through the generated
/// API client. Each file's Idempotency-Key is the SHA-256 of its bytes, and the server
/// skips an activity uploaded before in another file (`skipDuplicates`), so uploading a
/// folder twice never makes a run twice.
struct UploadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upload",
        abstract: "Upload GPX, TCX or FIT files of your runs and walks to a Paceline server.",
        discussion: "Get a token with `paceline login`; pass it with --token or PACELINE_TOKEN."
    )

    @Argument(help: "Activity files (.gpx, .tcx, .fit, each also gzipped as .gz).")
    var files: [String]

    @OptionGroup var connection: ServerOptions

    @Option(help: "public, friends or private (default: the profile's default).")
    var privacy: Components.Schemas.Privacy?

    @Option(help: "Units to show results in: metric or imperial.")
    var units: UnitSystem = .metric

    func run() async throws {
        let token = try connection.bearerToken()
        let client: Client
        do {
            client = try await APIClient.make(server: connection.server, token: token)
        } catch {
            Output.error(APIClient.describe(error))
            throw ExitCode(69)
        }
        var failed = false
        for path in files {
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                Output.error("\(path): can't read it: \(error.localizedDescription)")
                failed = true
                continue
            }
            switch await FileUpload.send(data, named: path, query: .init(privacy: privacy, skipDuplicates: true), client: client) {
            case .created(let run): Output.line(describe(path, run, new: true))
            case .existing(let run): Output.line(describe(path, run, new: false))
            case .failed(let failure):
                Output.error("\(path): \(failure)")
                failed = true
            }
        }
        if failed { throw ExitCode(65) }
    }

    private func describe(_ path: String, _ run: Components.Schemas.Run, new: Bool) -> String {
        let what = new ? "uploaded as" : "already uploaded as"
        var line = "\(path): \(what) run \(run.id): \(units.distance(run.distanceMeters)) in "
            + "\(UnitSystem.clock(run.movingSeconds)), \(units.pace(secondsPerKilometer: run.averagePaceSecondsPerKilometer))"
        if let others = run.otherRunIds, !others.isEmpty { line += "; its other activities as runs \(others.joined(separator: ", "))" }
        for leftOut in run.activitiesLeftOut ?? [] { line += "; activity \(leftOut.activity) not saved: \(leftOut.message)" }
        return line
    }
}

extension Components.Schemas.Privacy: ExpressibleByArgument {}
