import Foundation
import PacelineCore
import PacelineTestSupport
import Testing

@Suite struct WorkoutCommandTests {
    /// 200 m at 6 m/s, stand through a 60 s rest, then 200 m at 3 m/s where 150–190 s/km is asked.
    static func files() throws -> (plan: String, run: String, bands: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let plan = folder.appendingPathComponent("plan.json"), run = folder.appendingPathComponent("run.gpx")
        let bands = folder.appendingPathComponent("bands.json")
        try Data(#"{"name":"2 × 200 m","steps":[{"meters":200,"target":"fast"},{"seconds":60,"target":"rest"},{"meters":200,"target":"fast"}]}"#.utf8).write(to: plan)
        var phased = PhasedRun(phases: [.move(seconds: 34, speed: 6), .move(seconds: 59, speed: 0), .move(seconds: 70, speed: 3)])
        phased.origin = Coordinate(latitude: 51.5, longitude: -0.12)
        try Data(GPXWriter.write(phased.activity).utf8).write(to: run)
        try Data(#"{"rest":{"fastest":480,"slowest":720},"easy":{"fastest":360,"slowest":420},"steady":{"fastest":300,"slowest":360},"fast":{"fastest":150,"slowest":190}}"#.utf8).write(to: bands)
        return (plan.path, run.path, bands.path)
    }

    @Test func jsonHasTheCuesAndTheSummary() throws {
        let (plan, run, bands) = try Self.files()
        let result = try PacelineCLI.run(["workout", "--plan", plan, "--run", run, "--bands", bands, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let cues = try #require(object["cues"] as? [[String: Any]])
        #expect(cues.map { $0["kind"] as? String ?? "" } == ["start", "countdown", "start", "countdown", "start", "tooSlow", "tooSlow", "countdown", "complete"])
        #expect(cues.first?["spoken"] as? String == "Interval 1 of 3: 200 metres, fast")
        #expect(cues[2]["elapsedSeconds"] as? Double == 33.3 && cues[2]["distanceMeters"] as? Double == 200)
        #expect(cues.last?["spoken"] as? String == "Workout complete" && cues.last?["elapsedSeconds"] as? Double == 160.3)
        for cue in cues {
            for key in ["elapsedSeconds", "distanceMeters", "interval", "kind", "spoken"] { #expect(cue.keys.contains(key)) }
        }
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["completed"] as? Bool == true)
        let intervals = try #require(summary["intervals"] as? [[String: Any]])
        #expect(intervals.map { $0["status"] as? String } == ["completed", "completed", "completed"])
        #expect(intervals[2]["plannedSeconds"] as? Double == 34 && intervals[2]["actualSeconds"] as? Double == 67)
        #expect(intervals[2]["actualPaceSecondsPerKilometer"] as? Double == 335)
    }

    @Test func imperialTable() throws {
        let (plan, run, _) = try Self.files()
        let result = try PacelineCLI.run(["workout", "--plan", plan, "--run", run, "--units", "imperial"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Interval 1 of 3: 0.12 miles, fast"))
        #expect(result.stdout.contains("Workout complete"))
        #expect(result.stdout.contains("/mi") && result.stdout.contains("completed"))
    }

    @Test func aBadPlanIsExit65WithOneLineNamingTheFile() throws {
        let (_, run, _) = try Self.files()
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).json")
        try Data(#"{"name":"x","steps":[{"meters":400,"target":"sprint"}]}"#.utf8).write(to: bad)
        let result = try PacelineCLI.run(["workout", "--plan", bad.path, "--run", run, "--json"])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "paceline: \(bad.path): steps[0].target: unknown target \"sprint\" (rest, easy, steady, fast or pace)\n")
        let missing = try PacelineCLI.run(["workout", "--plan", "/nonexistent/plan.json", "--run", run])
        #expect(missing.status == 65 && missing.stderr.hasPrefix("paceline: /nonexistent/plan.json: "))
        let example = try PacelineCLI.run(["workout", "--plan", "docs/examples/workout-6x400.json", "--run", run, "--json"])
        #expect(example.status == 0, "\(example.stderr)")
        #expect(example.stdout.contains("Interval 1 of 14: 10 minutes, easy"))
    }
}
