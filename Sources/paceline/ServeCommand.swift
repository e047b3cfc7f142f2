import ArgumentParser
import Foundation
import PacelineServer

/// `paceline serve`: the API and the web client on one port.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the Paceline API and web app.",
        discussion: """
            With no --database, data lives in paceline.sqlite in the working directory; give a \
            postgres:// URL (or set DATABASE_URL) to share one PostgreSQL between instances. \
            Migrations run on start. Ctrl-C (SIGINT) or SIGTERM stops the server gracefully.
            """
    )

    @Option(help: "The port to listen on.")
    var port = 8080

    @Option(help: "The address to listen on.")
    var hostname = "127.0.0.1"

    @OptionGroup var database: DatabaseOptions

    @Option(help: "The web client's folder (default: $PACELINE_PUBLIC, else ./Public, else the repository's Public/).")
    var `public`: String?

    @Option(help: "Mission files saved on first start, when the database has no mission (default: $PACELINE_MISSIONS, else ./data/missions, else the repository's).")
    var missions: String?

    @Option(help: "Map tiles' URL template for the web client.")
    var tileURL = WebSettings().tileURL

    @Option(help: "Map tiles' attribution.")
    var tileAttribution = WebSettings().tileAttribution

    func run() async throws {
        let location = try database.location()
        let web = WebSettings(publicDirectory: `public` ?? WebSettings.defaultPublicDirectory,
                              tileURL: tileURL, tileAttribution: tileAttribution)
        try await serve(hostname: hostname, port: port, database: location, web: web,
                        missionExamples: missions ?? MissionExamples.defaultDirectory)
    }
}
