import ArgumentParser
import Crypto
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

    @Option(help: "The server's address.")
    var server = "http://127.0.0.1:8080"

    @Option(help: "A bearer token (default: $PACELINE_TOKEN).")
    var token: String?

    @Option(help: "public, friends or private (default: the profile's default).")
    var privacy: Components.Schemas.Privacy?

    @Option(help: "Units to show results in: metric or imperial.")
    var units: UnitSystem = .metric

    func run() async throws {
        guard let token = token ?? ProcessInfo.processInfo.environment["PACELINE_TOKEN"] else {
            Output.error("no token: log in with `paceline login` and pass --token or set PACELINE_TOKEN")
            throw ExitCode(64)
        }
        let client: Client
        do {
            client = try await APIClient.make(server: server, token: token)
        } catch {
            Output.error(APIClient.describe(error))
            throw ExitCode(69)
        }
        var failed = false
        for path in files {
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                let key = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
                let body: Operations.UploadRun.Input.Body = switch URL(fileURLWithPath: path).pathExtension.lowercased() {
                case "gpx": .applicationGpxXml(HTTPBody(data))
                case "tcx": .applicationVnd_garmin_tcxXml(HTTPBody(data))
                case "fit": .applicationVnd_ant_fit(HTTPBody(data))
                default: .binary(HTTPBody(data))
                }
                let response = try await client.uploadRun(query: .init(privacy: privacy, skipDuplicates: true), headers: .init(idempotencyKey: key), body: body)
                switch response {
                case .created(let created): Output.line(describe(path, try created.body.json, new: true))
                case .ok(let existing): Output.line(describe(path, try existing.body.json, new: false))
                case .default(let status, let error):
                    let detail = try error.body.json.error
                    Output.error("\(path): \(status) \(detail.code): \(detail.message)")
                    failed = true
                }
            } catch {
                Output.error("\(path): \(APIClient.describe(error))")
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
