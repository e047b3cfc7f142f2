import ArgumentParser
import Foundation
import PacelineCore
import PacelinePNG

/// `paceline preview FILE`: the map preview a share page shows, drawn from the track
/// alone (Web-Mercator, simplified, start and finish marked; no map tiles), as SVG or,
/// with `--png`, as the PNG link cards use. `--repeat N` times the PNG rendering.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Draw an activity's track as an SVG (or PNG) map preview (as share pages show it)."
    )

    @Argument(help: "The activity (.gpx, .tcx, .fit, each also gzipped as .gz).", completion: .file())
    var input: String

    @Option(name: .shortAndLong, help: "Where to write the SVG or PNG; stdout when absent (SVG only).", completion: .file())
    var output: String?

    @Option(help: "The most points the path keeps.")
    var maxPoints = TrackPreview().maximumPoints

    @Flag(help: "Write a PNG (1200 × 630, as link cards show it) instead of the SVG.")
    var png = false

    @Option(help: "With --png: render this many times and print the median time to stderr.")
    var `repeat` = 1

    func validate() throws {
        guard maxPoints >= 2 else { throw ValidationError("--max-points must be at least 2") }
        guard `repeat` >= 1 else { throw ValidationError("--repeat must be at least 1") }
        if png && output == nil { throw ValidationError("--png needs --output: a PNG is not for a terminal") }
        if !png && `repeat` > 1 { throw ValidationError("--repeat times the PNG: give --png too") }
    }

    func run() throws {
        let activity = try FollowCommand.read(input)
        let segments = activity.track.segments.map { $0.compactMap(\.coordinate) }
        let preview = TrackPreview(maximumPoints: maxPoints)
        let data: Data
        if png {
            data = renderPNG(preview, segments: segments)
        } else {
            let svg = preview.svg(segments: segments, title: activity.name)
            guard output != nil else { print(svg); return }
            data = Data(svg.utf8)
        }
        guard let output else { return }
        do {
            try data.write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            Output.error("\(output): cannot write: \(error.localizedDescription)")
            throw ExitCode(73)
        }
    }

    /// The PNG; with `--repeat`, rendered that many times, the medians printed to stderr
    /// (simplifying and drawing, then encoding, each timed alone).
    private func renderPNG(_ preview: TrackPreview, segments: [[Coordinate]]) -> Data {
        var draw: [Double] = [], encode: [Double] = [], data = Data()
        let clock = ContinuousClock()
        for _ in 0..<`repeat` {
            var canvas: RasterCanvas?
            draw.append(Self.milliseconds(clock.measure { canvas = preview.raster(segments: segments) }))
            encode.append(Self.milliseconds(clock.measure {
                data = PNGEncoder.encode(rgb: canvas!.rgb, width: canvas!.width, height: canvas!.height)
            }))
        }
        if `repeat` > 1 {
            let points = preview.points(of: segments).reduce(0) { $0 + $1.count }
            let total = zip(draw, encode).map(+)
            let line = String(format: "png: %d bytes, %d fixes, %d points drawn; median of %d: %.1f ms (draw %.1f ms, encode %.1f ms)\n",
                              data.count, segments.reduce(0) { $0 + $1.count }, points, `repeat`,
                              Self.median(total), Self.median(draw), Self.median(encode))
            FileHandle.standardError.write(Data(line.utf8))
        }
        return data
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
