import ArgumentParser
import Foundation
import PacelineArchives
import PacelineCore

/// `paceline convert IN OUT`: rewrite an activity as GPX 1.1, TCX, FIT or GeoJSON.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert GPX, TCX or FIT into GPX 1.1, TCX, FIT or GeoJSON (chosen by OUT's extension).",
        discussion: """
            A file of several activities (a triathlon's FIT sessions, a TCX history, GPX tracks days apart) \
            is written as one file each, numbered: OUT run.fit gives run-1.fit, run-2.fit, …
            """
    )

    @Argument(help: "The activity to read (.gpx, .tcx, .fit, each also gzipped as .gz).", completion: .file())
    var input: String

    @Argument(help: "Where to write: .gpx, .tcx, .fit, .geojson or .json; '-' for stdout as GPX.", completion: .file())
    var output: String

    func run() throws {
        let activities: [Activity]
        do {
            activities = try ActivityFile.readAll(contentsOf: URL(fileURLWithPath: input))
        } catch {
            Output.error("\(input): \(error)")
            throw ExitCode(65)
        }
        let ext = output == "-" ? "gpx" : (output as NSString).pathExtension.lowercased()
        guard activities.count > 1 else { return try write(try bytes(of: activities[0], as: ext), to: output) }
        guard output != "-" else {
            Output.error("\(input) holds \(activities.count) activities: give a file name to write them to, one file each")
            throw ExitCode(64)
        }
        let stem = (output as NSString).deletingPathExtension
        let paths = activities.indices.map { "\(stem)-\($0 + 1).\((output as NSString).pathExtension)" }
        for (activity, path) in zip(activities, paths) { try write(try bytes(of: activity, as: ext), to: path) }
        Output.error("\(input) holds \(activities.count) activities: wrote \(paths.joined(separator: ", "))")
    }

    /// The activity written as `ext`.
    private func bytes(of activity: Activity, as ext: String) throws -> Data {
        var activity = activity
        // Measured and labelled as `analyze` takes it, so the file written agrees with it.
        activity.inferSportIfUnnamed()
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
        return bytes
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

    private func write(_ bytes: Data, to output: String) throws {
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
