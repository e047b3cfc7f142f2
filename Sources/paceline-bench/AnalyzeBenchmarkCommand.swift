import ArgumentParser
import Foundation
import PacelineBenchmarks
import PacelineCore
import PacelineHarness
import PacelineSynthetic

/// `paceline-bench analyze`: parse-and-analyse throughput on a generated GPX, against gpxpy.
struct AnalyzeBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Measure GPX parsing and analysis throughput (fixes per second) and compare with gpxpy.",
        discussion: "Build with -c release for meaningful numbers. Needs python3 with gpxpy for the comparison."
    )

    @Option(help: "Fixes in the largest generated track.")
    var fixes = 100_000

    @Option(help: "Timed repetitions per size (the best is reported).")
    var repetitions = 5

    @Flag(help: "Skip running gpxpy.")
    var noGpxpy = false

    func run() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("paceline-bench-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        print("fixes    bytes      best parse+analyse          fixes/s      peak RSS")
        var largest: (url: URL, seconds: Double)?
        for size in [fixes / 10, fixes / 2, fixes] {
            let url = directory.appendingPathComponent("bench-\(size).gpx")
            try BenchTrack.gpx(fixes: size).write(to: url, atomically: true, encoding: .utf8)
            let bytes = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            var best = Double.infinity, bestParse = Double.infinity
            for _ in 0..<repetitions {
                let start = DispatchTime.now().uptimeNanoseconds
                let activity = try ActivityReader.read(contentsOf: url)
                let parsed = DispatchTime.now().uptimeNanoseconds
                let summary = ActivitySummary(activity)
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                precondition(summary.points == size)
                best = min(best, seconds)
                bestParse = min(bestParse, Double(parsed - start) / 1e9)
            }
            print(String(format: "%-8d %9d   %8.1f ms (parse %5.1f)  %10.0f   %6.1f MiB",
                         size, bytes, best * 1000, bestParse * 1000, Double(size) / best, Self.peakResidentMiB()))
            largest = (url, best)
        }
        guard !noGpxpy, let largest else { return }
        let gpxpy = try Self.gpxpySeconds(largest.url)
        print(String(format: "gpxpy (parse + length_2d + moving data + uphill/downhill) on %d fixes: %.2f s = %.0f fixes/s",
                     fixes, gpxpy, Double(fixes) / gpxpy))
        print(String(format: "Paceline / gpxpy throughput: %.0f×", gpxpy / largest.seconds))

        // As a person runs it: the whole `paceline analyze --json FILE` process, start to exit.
        print("\nthe whole command, `paceline analyze --json FILE`, best of \(repetitions), against gpxpy (in-process, best of 3):")
        print("file (\(fixes) fixes)     bytes      paceline      gpxpy    ratio")
        for kind in BenchTrack.Kind.allCases {
            let url = directory.appendingPathComponent("whole-\(kind).gpx")
            try BenchTrack.gpx(fixes: fixes, kind: kind).write(to: url, atomically: true, encoding: .utf8)
            let bytes = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            let command = try (0..<repetitions).map { _ in try Self.commandSeconds(url) }.min() ?? .nan
            let python = try Self.gpxpySeconds(url)
            print(kind.rawValue.padding(toLength: 20, withPad: " ", startingAt: 0)
                  + String(format: " %10d   %7.1f ms   %6.2f s   %5.0f×", bytes, command * 1000, python, python / command))
        }
    }

    /// Wall time of the `paceline` beside this executable analysing `url` as `--json`, from
    /// its start to its exit.
    static func commandSeconds(_ url: URL) throws -> Double {
        let process = Process()
        process.executableURL = ServerProcess.besideThisExecutable
        process.arguments = ["analyze", "--json", url.path]
        process.standardOutput = FileHandle.nullDevice
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ValidationError("paceline analyze exited with \(process.terminationStatus)") }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Peak resident memory of this process so far (Linux `VmHWM`), MiB.
    static func peakResidentMiB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kib = Double(line.split(separator: " ").dropFirst().first ?? "") else { return .nan }
        return kib / 1024
    }

    /// Best of three gpxpy runs doing the same work: parse and compute the same statistics.
    static func gpxpySeconds(_ url: URL) throws -> Double {
        let script = """
            import gpxpy, sys, time
            best = 1e9
            for _ in range(3):
                t = time.perf_counter()
                with open(sys.argv[1]) as f:
                    g = gpxpy.parse(f)
                g.length_2d(); g.get_moving_data(); g.get_uphill_downhill()
                best = min(best, time.perf_counter() - t)
            print(best)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let seconds = Double(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw ValidationError("gpxpy did not run: pip install gpxpy (or pass --no-gpxpy)")
        }
        return seconds
    }
}

/// A realistic GPX track for benchmarks: 1 Hz fixes of a run winding around a park, with
/// elevation and time, as a Garmin export writes them; in `Kind`'s variants.
enum BenchTrack {
    /// What the file is like.
    enum Kind: String, CaseIterable {
        /// Smooth positions, heart rate in Garmin's extensions.
        case clean
        /// 5 m of GPS noise, three 5-minute pauses (new segments), no heart rate.
        case noisyPaused = "noisy, paused"
        /// Smooth positions, no extensions at all.
        case plain
    }

    static func gpx(fixes: Int, kind: Kind = .clean) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="paceline-bench" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
            <trk><name>bench</name><type>running</type><trkseg>

            """
        out.reserveCapacity(fixes * 210)
        var random = SeededRandom(seed: 42)
        let pauses = kind == .noisyPaused ? Set([1, 2, 3].map { $0 * fixes / 4 }) : []
        var t = 1_777_622_400  // 2026-05-01T08:00:00Z
        for i in 0..<fixes {
            if pauses.contains(i) {
                out += "</trkseg><trkseg>\n"
                t += 300
            }
            let a = Double(i) / 500
            // About 5 m of noise each way: 0.000045° of latitude, a little more of longitude.
            let noise = kind == .noisyPaused ? (Double.random(in: -4.5e-5...4.5e-5, using: &random), Double.random(in: -6.5e-5...6.5e-5, using: &random)) : (0, 0)
            let latitude = 46.05 + 0.01 * sin(a) + noise.0
            let longitude = 14.5 + 0.015 * cos(a * 0.7) + noise.1
            let elevation = 300 + 20 * sin(Double(i) / 300)
            let (days, rest) = t.quotientAndRemainder(dividingBy: 86_400)
            let time = String(format: "2026-%02d-%02dT%02d:%02d:%02dZ", 5 + (days - 20_574) / 31, 1 + (days - 20_574) % 31,
                              rest / 3600, rest % 3600 / 60, rest % 60)
            out += String(format: "<trkpt lat=\"%.7f\" lon=\"%.7f\"><ele>%.1f</ele><time>%@</time>", latitude, longitude, elevation, time)
            if kind == .clean {
                out += "<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>\(140 + i % 20)</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions>"
            }
            out += "</trkpt>\n"
            t += 1
        }
        out += "</trkseg></trk></gpx>\n"
        return out
    }
}
