import ArgumentParser
import Foundation
import PacelineArchives
import PacelineCore

/// `paceline convert IN OUT`: rewrite an activity as GPX 1.1, TCX, FIT or GeoJSON.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert GPX, TCX or FIT into GPX 1.1, TCX, FIT or GeoJSON (chosen by OUT's extension)."
    )

    @Argument(help: "The activity to read (.gpx, .tcx, .fit, each also gzipped as .gz).", completion: .file())
    var input: String

    @Argument(help: "Where to write: .gpx, .tcx, .fit, .geojson or .json; '-' for stdout as GPX.", completion: .file())
    var output: String

    func run() throws {
        var activity: Activity
        do {
            activity = try ActivityFile.read(contentsOf: URL(fileURLWithPath: input))
        } catch {
            Output.error("\(input): \(error)")
            throw ExitCode(65)
        }
        // Measured and labelled as `analyze` takes it, so the file written agrees with it.
        activity.inferSportIfUnnamed()
        let ext = output == "-" ? "gpx" : (output as NSString).pathExtension.lowercased()
        let bytes: Data
        switch ext {
        case "gpx": bytes = Data(GPXWriter.write(activity).utf8)
        case "tcx":
            try checkTimes(of: activity, for: "TCX")
            bytes = Data(TCXWriter.write(activity).utf8)
        case "fit":
            try checkTimes(of: activity, for: "FIT")
            bytes = FITWriter.write(activity)
        case "geojson", "json": bytes = Data(GeoJSONWriter.write(activity).utf8)
        default:
            Output.error("\(output): cannot write .\(ext); use .gpx, .tcx, .fit or .geojson")
            throw ExitCode(64)
        }
        try write(bytes)
    }

    /// Refuses (exit 65) an activity without a single timed fix for a format that holds
    /// only timed ones, and says how many fixes will be left out when only some lack a time.
    private func checkTimes(of activity: Activity, for format: String) throws {
        let leftOut = TCXWriter.fixesLeftOut(of: activity), total = activity.track.fixCount
        if leftOut == total {
            let what = switch (total, activity.routes.isEmpty) {
            case (0, false): "holds a route, not a recorded track"
            case (0, true): "has no track points"
            default: "has no times (a route, not a recorded activity)"
            }
            Output.error("\(input) \(what): \(format) holds recorded activities only; convert it to .gpx or .geojson")
            throw ExitCode(65)
        }
        if leftOut > 0 {
            Output.error("warning: \(leftOut) of \(total) points of \(input) have no time and are left out of the \(format) file (their distance still counts)")
        }
    }

    private func write(_ bytes: Data) throws {
        if output == "-" {
            FileHandle.standardOutput.write(bytes)
        } else {
            do {
                try bytes.write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                Output.error("\(output): cannot write: \(error.localizedDescription)")
                throw ExitCode(73)
            }
        }
    }
}
