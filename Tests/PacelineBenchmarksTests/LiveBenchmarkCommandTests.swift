import Foundation
import PacelineTestSupport
import Testing

@Suite struct LiveBenchmarkCommandTests {
    /// 20 runners in 4 sessions of 5 against a real `paceline serve` child: everyone
    /// connects and races, every fix of the window fans out to the other four, and each
    /// runner hears all of them.
    @Test func twentyRunnersRaceInFourSessions() async throws {
        // The bench child's, not those of tests in this process (the crash tests make theirs
        // with the same prefix and this process's id, and may while this one runs).
        let mine = "paceline_bench_live_\(ProcessInfo.processInfo.processIdentifier)_"
        let temporaryDatabases = {
            Set(try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
                .filter { $0.hasPrefix("paceline_bench_live_") && !$0.hasPrefix(mine) })
        }
        let before = try temporaryDatabases()
        // Waited for on a thread of its own: blocking one of the (two) concurrency threads for
        // 13 s would starve the in-process servers of tests running beside this one.
        let result = try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result {
                    try PacelineCLI.run(["live", "--runners", "20", "--session-size", "5", "--duration", "4", "--ramp", "1", "--json"],
                                        executable: "paceline-bench")
                })
            }
        }
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let report = try #require(run["report"] as? [String: Any])
        #expect(report["runners"] as? Int == 20)
        #expect(report["connected"] as? Int == 20)
        #expect(report["racing"] as? Int == 20)
        #expect(report["sessions"] as? Int == 4)
        #expect(report["sessionsFailed"] as? Int == 0)
        #expect(report["runnersHearingEveryone"] as? Int == 20)
        #expect(report["dropped"] as? Int == 0)
        #expect((report["errors"] as? [String: Int])?.isEmpty == true, "\(report["errors"] ?? ""); \(result.stderr)")
        // 20 runners × 4 s, a fix a second each; each to the 4 others. A loaded machine's
        // timers fire late, so a few fewer may fall in the window (75 seen); never more.
        let sent = try #require(report["fixesSent"] as? Int)
        #expect((60...84).contains(sent), "\(sent) fixes sent in the window")
        #expect(report["progressExpected"] as? Int == sent * 4)
        #expect(report["progressReceived"] as? Int == sent * 4)
        #expect(report["unacknowledgedFixes"] as? Int == 0)
        let latency = try #require(report["latency"] as? [String: Double])
        let p50 = try #require(latency["p50"]), p99 = try #require(latency["p99"]), max = try #require(latency["max"])
        #expect(p50 > 0 && p50 <= p99 && p99 <= max && max < 1_000, "\(latency)")
        #expect(run["database"] as? String == "sqlite")
        // Everything else held (above), so the verdict is the p99 against the target. Whether
        // 20 runners stay under 100 ms depends on what else the 2 cores run (the whole test
        // suite, in CI): speed is the benchmark's to measure, not a test's to assert.
        let target = try #require(run["target"] as? Double)
        #expect(run["targetHeld"] as? Bool == (p99 < target))
        #expect((run["serverCPUPercent"] as? Double ?? -1) >= 0)
        #expect((run["serverResidentMiB"] as? Double ?? 0) > 0)
        #expect(run["serverLogLines"] as? Int == 0, "the server logged warnings or errors: \(result.stderr)")
        // The temporary database is gone (others' runs, e.g. one killed midway, may have left theirs).
        let leftovers = try temporaryDatabases().subtracting(before)
        #expect(leftovers.isEmpty, "\(leftovers)")
    }
}
