import Foundation
import PacelineTestSupport
import Testing

/// `paceline-bench`'s commands are its own, and the quick ones print the lines
/// docs/PERFORMANCE.md quotes (small runs: the shape, not the speed).
@Suite struct PacelineBenchCommandTests {
    @Test func helpListsEveryBenchmark() throws {
        let result = try PacelineCLI.run(["--help"], executable: "paceline-bench")
        #expect(result.status == 0, "\(result.stderr)")
        for command in ["analyze", "follow", "missions", "browse", "discovery", "live", "sockets"] {
            #expect(result.stdout.contains("\n  \(command) "), "\(command) missing from:\n\(result.stdout)")
        }
    }

    @Test func analyzePrintsThroughputPerSize() throws {
        let result = try PacelineCLI.run(["analyze", "--fixes", "1000", "--repetitions", "1", "--no-gpxpy"], executable: "paceline-bench")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("fixes    bytes") == true, "\(result.stdout)")
        #expect(lines.dropFirst().map { $0.split(separator: " ").first } == ["100", "500", "1000"], "\(result.stdout)")
    }

    @Test func followPrintsThreeRouteLengths() throws {
        let result = try PacelineCLI.run(["follow", "--meters", "2000", "--repetitions", "1"], executable: "paceline-bench")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("route km") == true, "\(result.stdout)")
        #expect(lines.dropFirst().map { $0.split(separator: " ").first } == ["0.2", "2.0", "20.0"], "\(result.stdout)")
    }

    @Test func browseTimesViewportsAndUpkeep() throws {
        let result = try PacelineCLI.run(["browse", "--routes", "2000", "--queries", "20"], executable: "paceline-bench")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("sqlite: 2000 routes ("), "\(result.stdout)")
        for label in ["all", "clusters", "routes", "zoom 3-8", "grid add", "grid remove"] {
            #expect(result.stdout.contains("\n\(label) "), "\(label) missing from:\n\(result.stdout)")
        }
    }

    @Test func reprocessMeasuresRunsAgainWhileReading() throws {
        let result = try PacelineCLI.run(["reprocess", "--activities", "30", "--users", "3"], executable: "paceline-bench")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("stored 30 runs in "), "\(result.stdout)")
        #expect(result.stdout.contains("measured 30 runs again in "), "\(result.stdout)")
        for kind in ["a run", "a page of runs", "the statistics"] {
            #expect(result.stdout.contains("\n  \(kind): "), "\(kind) missing from:\n\(result.stdout)")
        }
    }
}
