import Foundation
import PacelineBenchmarks

/// One `paceline-bench live` run: what the load generator measured, the processes' CPU over the
/// window and the server's memory at the end, and whether the target held.
struct LiveBenchResult: Encodable {
    var database: String
    var sessionSize: Int
    var report: LiveLoadReport
    var serverCPUPercent: Double?
    var generatorCPUPercent: Double?
    var serverResidentMiB: Double?
    var serverPeakResidentMiB: Double?
    /// Warnings and errors the server logged.
    var serverLogLines: Int
    /// The p99 the run had to stay under, milliseconds.
    var target: Double

    /// The server's CPU time per fix received in the window, microseconds: its whole work
    /// (decode, verify, store, fan the progress out, acknowledge) divided by the fixes.
    var serverMicrosecondsPerFix: Double? {
        guard let serverCPUPercent, report.fixesPerSecond > 0 else { return nil }
        return serverCPUPercent / 100 * 1e6 / report.fixesPerSecond
    }

    /// Every runner raced to the end, every progress report arrived, no errors, and p99 under the target.
    var targetHeld: Bool {
        report.racing == report.runners && report.dropped == 0 && report.sendFailures == 0 && report.errors.isEmpty
            && report.progressExpected > 0 && report.progressReceived >= report.progressExpected && report.latency.p99 < target
    }

    enum CodingKeys: String, CodingKey {
        case database, sessionSize, report, serverCPUPercent, serverMicrosecondsPerFix, generatorCPUPercent, serverResidentMiB
        case serverPeakResidentMiB, serverLogLines, target, targetHeld
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(database, forKey: .database)
        try container.encode(sessionSize, forKey: .sessionSize)
        try container.encode(report, forKey: .report)
        try container.encode(serverCPUPercent, forKey: .serverCPUPercent)
        try container.encode(serverMicrosecondsPerFix, forKey: .serverMicrosecondsPerFix)
        try container.encode(generatorCPUPercent, forKey: .generatorCPUPercent)
        try container.encode(serverResidentMiB, forKey: .serverResidentMiB)
        try container.encode(serverPeakResidentMiB, forKey: .serverPeakResidentMiB)
        try container.encode(serverLogLines, forKey: .serverLogLines)
        try container.encode(target, forKey: .target)
        try container.encode(targetHeld, forKey: .targetHeld)
    }

    static let header = "db      runners racing sessions  fixes/s progress/s delivered  p50 ms  p90 ms  p99 ms  max ms lag p99 "
        + "dropped errors  srv CPU µs/fix srv RSS  gen CPU  held"

    var line: String {
        let delivered = report.progressExpected > 0 ? Double(report.progressReceived) / Double(report.progressExpected) * 100 : 0
        return database.padding(toLength: 7, withPad: " ", startingAt: 0)
            + String(format: " %7d %6d %8d %8.0f %10.0f %8.2f%% %7.1f %7.1f %7.1f %7.1f %7.1f %7d %6d %7.0f%% %6.0f %6.0fM %7.0f%%  ",
                     report.runners, report.racing, report.sessions, report.fixesPerSecond, report.progressPerSecond, delivered,
                     report.latency.p50, report.latency.p90, report.latency.p99, report.latency.max, report.sendLag.p99,
                     report.dropped, report.errors.values.reduce(0, +), serverCPUPercent ?? .nan, serverMicrosecondsPerFix ?? .nan, serverResidentMiB ?? .nan,
                     generatorCPUPercent ?? .nan)
            + (targetHeld ? "yes" : "no")
    }
}
