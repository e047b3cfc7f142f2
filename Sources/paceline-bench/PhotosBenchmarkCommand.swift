import ArgumentParser
import Foundation
import PacelineServer

/// `paceline-bench photos`: what making a photo's kept copies costs (`PhotoDeveloper`:
/// libvips decodes, turns, shrinks and re-encodes), for phone photos of several sizes,
/// baseline and progressive, made here by libvips' own `vips` command.
struct PhotosBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photos",
        abstract: "Measure the time and memory to make a photo's screen copy and thumbnail, per megapixel.",
        discussion: "Build with -c release. Needs libvips42 and the `vips` command (Debian: libvips-tools) to make the photos."
    )

    @Option(help: "Timed repetitions per photo (the median is reported).")
    var repetitions = 5

    func run() async throws {
        if let why = PhotoDeveloper.availability() { throw ValidationError(why) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("paceline-bench-photos-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        print("photo                         bytes     median     per MP    screen   thumb   peak RSS")
        // 12 and 48 megapixels as phones write them (baseline); 12 and 24 progressive (a
        // progressive JPEG is decoded whole: 48 of them is past PhotoLimits.decodedBytes).
        for (width, height, progressive) in [(4000, 3000, false), (8000, 6000, false), (4000, 3000, true), (6000, 4000, true)] {
            do {
                let file = directory.appendingPathComponent("\(width)x\(height)\(progressive ? "-progressive" : "").jpg")
                try Self.makePhoto(width: width, height: height, progressive: progressive, at: file, scratch: directory)
                let bytes = try Data(contentsOf: file)
                var times: [Double] = []
                var developed: DevelopedPhoto?
                for _ in 0..<repetitions {
                    let start = DispatchTime.now().uptimeNanoseconds
                    developed = try await PhotoDeveloper.shared.develop(bytes)
                    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                }
                let median = times.sorted()[times.count / 2]
                let megapixels = Double(width * height) / 1e6
                let name = "\(width)×\(height) \(progressive ? "progressive" : "baseline")".padding(toLength: 26, withPad: " ", startingAt: 0)
                print(name + String(format: " %9d %8.0f ms %7.1f ms %8d %7d %7.0f MiB", bytes.count, median,
                             median / megapixels, developed?.screen.count ?? 0, developed?.thumbnail.count ?? 0, ProcessStats.read()?.peakResidentMiB ?? 0))
            }
        }
    }

    /// A JPEG of `width` × `height` as busy as a phone's photo of a street: three bands of
    /// slightly softened grain, so the file is about as large as a phone's (about 0.5 bytes
    /// a pixel: 5.5 MB for 12 megapixels) and as slow to decode.
    static func makePhoto(width: Int, height: Int, progressive: Bool, at file: URL, scratch: URL) throws {
        let path = { (name: String) in scratch.appendingPathComponent(name).path }
        for band in 0..<3 {
            try vips(["gaussnoise", path("noise\(band).v"), "\(width)", "\(height)", "--sigma", "24", "--mean", "128"])
            try vips(["cast", path("noise\(band).v"), path("band\(band).v"), "uchar"])
        }
        try vips(["bandjoin", (0..<3).map { path("band\($0).v") }.joined(separator: " "), path("joined.v")])
        try vips(["copy", path("joined.v"), path("rgb.v"), "--interpretation", "srgb"])
        try vips(["gaussblur", path("rgb.v"), path("soft.v"), "0.8"])
        try vips(["cast", path("soft.v"), path("photo.v"), "uchar"])
        try vips(["copy", path("photo.v"), file.path + "[Q=90\(progressive ? ",interlace" : "")]"])
    }

    private static func vips(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["vips"] + arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ValidationError("vips \(arguments.first ?? "") failed: is libvips-tools installed?") }
    }
}
