import ArgumentParser
import Foundation
import PacelineCore

/// `paceline-bench missions`: the costs a mission adds to an upload and to a progress read.
struct MissionsBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "missions",
        abstract: "Measure credited distance per fix, journey positions per lookup, progress replay and mission file reading.",
        discussion: "Build with -c release for meaningful numbers."
    )

    @Option(help: "Fixes in the run whose credited distance is measured.")
    var fixes = 100_000

    @Option(help: "Points in each route of the generated mission.")
    var points = 200_000

    @Option(help: "Timed repetitions (the best is reported).")
    var repetitions = 5

    func run() throws {
        // A run at 3 m/s with a 1 km teleport every 1,000 fixes.
        let start = Date(timeIntervalSince1970: 1_777_622_400)
        let run = Track(segments: [(0..<fixes).map { index in
            let along = Double(index) * 3 + Double(index / 1_000) * 1_000
            return Fix(time: start.addingTimeInterval(Double(index)), coordinate: Coordinate(latitude: 55.9 + along / 111_320, longitude: -4.2))
        }])
        // What a stored run adds to its statistics: the credited distance of its profile.
        let thresholds = SportThresholds.for(.run)
        let profile = TrackProfile(segments: FixFilter(thresholds: thresholds).filter(run).segments, thresholds: thresholds)
        let credited = best { _ = CreditedDistance(profile: profile, maximumSpeed: thresholds.maximumSpeed) }
        print(String(format: "credited distance: %d fixes in %.2f ms = %.1f ns a fix", fixes, credited * 1e3, credited * 1e9 / Double(fixes)))

        // Two routes of `points` points each, a stage every 5 km.
        let routes = (0..<2).map { number -> MissionRoute in
            let path = MissionPath((0..<points).map { index in
                let a = Double(index) / 1_000
                return Coordinate(latitude: 55 + Double(number) + 0.002 * a, longitude: -4 + 0.001 * sin(a * 10))
            })
            var stages: [MissionStage] = []
            var end = 5_000.0
            while end < path.length {
                stages.append(MissionStage(name: "Stage \(stages.count + 1)", start: stages.last?.end ?? 0, end: end))
                end += 5_000
            }
            stages.append(MissionStage(name: "End", start: stages.last?.end ?? 0, end: path.length))
            return MissionRoute(name: "Route \(number + 1)", path: path, stages: stages, medals: MedalThresholds(gold: 1, silver: 2, bronze: 3))
        }
        let mission = Mission(id: "bench", name: "Bench", routes: routes)
        let journey = try MissionJourney(mission)
        let lookups = 100_000
        var sink = 0.0
        let positions = best {
            for index in 0..<lookups { sink += journey.position(at: Double(index) * journey.length / Double(lookups)).coordinate.latitude }
        }
        print(String(format: "journey position: %d lookups on %d points, %d stages in %.2f ms = %.0f ns a lookup (%.0f km)",
                     lookups, 2 * points, mission.stageCount, positions * 1e3, positions * 1e9 / Double(lookups), journey.length / 1000))

        let advances = 1_000
        let replay = best {
            var progress = MissionProgress(journey, startedAt: start)
            for index in 0..<advances { progress.advance(by: 5_000, at: start.addingTimeInterval(Double(index) * 86_400)) }
            sink += progress.distance
        }
        print(String(format: "progress replay: %d advances in %.3f ms = %.0f ns an advance", advances, replay * 1e3, replay * 1e9 / Double(advances)))

        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("data/missions")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".geojson") }
        let read = best {
            for file in files { _ = try? MissionFileReader.read(Data(contentsOf: directory.appendingPathComponent(file))) }
        }
        print(String(format: "mission files: %d read and checked in %.2f ms", files.count, read * 1e3))
        if sink.isNaN { print(sink) }
    }

    private func best(_ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<repetitions {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }
}
