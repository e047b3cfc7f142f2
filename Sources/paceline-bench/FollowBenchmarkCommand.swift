import ArgumentParser
import Foundation
import PacelineCore

/// `paceline-bench follow`: microseconds per fix of a follow session, as the route grows.
struct FollowBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "follow",
        abstract: "Measure a follow session's cost per fix on a marathon route and on routes 10× and 0.1× as long.",
        discussion: "Build with -c release for meaningful numbers. The runner replays the route at 1 Hz, 3 % faster than the pace."
    )

    @Option(help: "Length of the middle route in metres (a marathon by default).")
    var meters: Double = 42_195

    @Option(help: "Timed repetitions per route (the best is reported).")
    var repetitions = 3

    func run() throws {
        print("route km  checkpoints      fixes   µs/fix (best)   normalize ms")
        for length in [meters / 10, meters, meters * 10] {
            let pace = Activity(format: .gpx, sport: .run, track: Track(segments: [Self.fixes(meters: length, speed: 3.0, wobble: 0)]))
            let runner = Self.fixes(meters: length, speed: 3.09, wobble: 2)
            var bestFix = Double.infinity, bestNormalize = Double.infinity
            var count = 0
            for _ in 0..<repetitions {
                let start = DispatchTime.now().uptimeNanoseconds
                let checkpoints = try Normalization.checkpoints(of: pace)
                let normalized = DispatchTime.now().uptimeNanoseconds
                var session = FollowSession(pace: checkpoints)
                var cues = 0
                for fix in runner where session.add(fix) != nil { cues += 1 }
                let end = DispatchTime.now().uptimeNanoseconds
                precondition(session.result.classification == .follow && cues > 0, "the replay must follow its own route")
                count = checkpoints.count
                bestNormalize = min(bestNormalize, Double(normalized - start) / 1e6)
                bestFix = min(bestFix, Double(end - normalized) / 1e3 / Double(runner.count))
            }
            print(String(format: "%8.1f  %11d  %9d   %14.2f   %12.1f", length / 1000, count, runner.count, bestFix, bestNormalize))
        }
    }

    /// 1 Hz fixes along a winding path (meanders of ±70°, so the grid index sees a real
    /// route, not a straight line, that never crosses itself: each spot is passed once,
    /// whatever the length), with a sideways wobble of `wobble` metres.
    static func fixes(meters: Double, speed: Double, wobble: Double) -> [Fix] {
        let origin = Coordinate(latitude: 51.5, longitude: -0.12)
        let start = Date(timeIntervalSince1970: 1_777_622_400)
        var fixes: [Fix] = []
        fixes.reserveCapacity(Int(meters / speed) + 2)
        var east = 0.0, north = 0.0, along = 0.0, t = 0.0
        while along <= meters {
            let heading = sin(along / 700) * 1.2
            let side = wobble * sin(t / 7)
            let latitude = origin.latitude + (north + side * sin(heading)) / 111_250
            let longitude = origin.longitude + (east - side * cos(heading)) / (111_320 * cos(origin.latitude * .pi / 180))
            fixes.append(Fix(time: start.addingTimeInterval(t), coordinate: Coordinate(latitude: latitude, longitude: longitude)))
            east += speed * cos(heading)
            north += speed * sin(heading)
            along += speed
            t += 1
        }
        return fixes
    }
}
