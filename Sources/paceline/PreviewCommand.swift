import ArgumentParser
import Foundation
import PacelineCore

/// `paceline preview FILE`: the SVG map preview a share page shows, drawn from the track
/// alone (Web-Mercator, simplified, start and finish marked; no map tiles).
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Draw an activity's track as an SVG map preview (as share pages show it)."
    )

    @Argument(help: "The activity (.gpx, .tcx, .fit).", completion: .file())
    var input: String

    @Option(name: .shortAndLong, help: "Where to write the SVG; stdout when absent.", completion: .file())
    var output: String?

    @Option(help: "The most points the path keeps.")
    var maxPoints = TrackPreview().maximumPoints

    func validate() throws {
        guard maxPoints >= 2 else { throw ValidationError("--max-points must be at least 2") }
    }

    func run() throws {
        let activity = try FollowCommand.read(input)
        let segments = activity.track.segments.map { $0.compactMap(\.coordinate) }
        let svg = TrackPreview(maximumPoints: maxPoints).svg(segments: segments, title: activity.name)
        guard let output else { print(svg); return }
        do {
            try svg.write(toFile: output, atomically: true, encoding: .utf8)
        } catch {
            Output.error("\(output): cannot write: \(error.localizedDescription)")
            throw ExitCode(73)
        }
    }
}
