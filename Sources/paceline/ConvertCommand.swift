import ArgumentParser
import Foundation
import PacelineCore

/// `paceline convert IN OUT`: rewrite an activity as GPX 1.1, TCX or GeoJSON.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert GPX, TCX or FIT into GPX 1.1, TCX or GeoJSON (chosen by OUT's extension)."
    )

    @Argument(help: "The activity to read (.gpx, .tcx, .fit).", completion: .file())
    var input: String

    @Argument(help: "Where to write: .gpx, .tcx, .geojson or .json; '-' for stdout as GPX.", completion: .file())
    var output: String

    func run() throws {
        let activity: Activity
        do {
            activity = try ActivityReader.read(contentsOf: URL(fileURLWithPath: input))
        } catch {
            Output.error("\(input): \(error)")
            throw ExitCode(65)
        }
        let ext = output == "-" ? "gpx" : (output as NSString).pathExtension.lowercased()
        let text: String
        switch ext {
        case "gpx": text = GPXWriter.write(activity)
        case "tcx": text = TCXWriter.write(activity)
        case "geojson", "json": text = GeoJSONWriter.write(activity)
        default:
            Output.error("\(output): cannot write .\(ext); use .gpx, .tcx or .geojson")
            throw ExitCode(64)
        }
        if output == "-" {
            print(text, terminator: "")
        } else {
            do {
                try text.write(toFile: output, atomically: true, encoding: .utf8)
            } catch {
                Output.error("\(output): cannot write: \(error.localizedDescription)")
                throw ExitCode(73)
            }
        }
    }
}
