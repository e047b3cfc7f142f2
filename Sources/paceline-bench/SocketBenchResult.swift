import Foundation
import PacelineBenchmarks
import PacelineHarness

/// One `paceline-bench sockets` run: the sockets held, what the server answered them, and how fast
/// /health and a login answered meanwhile.
struct SocketBenchResult: Encodable {
    var database: String
    var sockets: Int
    var hello: String
    var perAddress: Int
    /// Seconds until every socket had opened (or failed to) once.
    var openingSeconds: Double
    /// Sockets open when the last had opened once.
    var openAfterOpening: Int
    /// What the sockets saw by the end.
    var flood: LiveSocketFlood.Counts
    var probes: ResponseProbe.Report
    var serverResidentMiB: Double?
    /// Warnings and errors the server logged.
    var serverLogLines: Int
    /// Milliseconds within which every /health and login must answer.
    var target: Double

    /// Every probe answered 200 within the target.
    var targetHeld: Bool {
        probes.failures.isEmpty && probes.health.max < target && probes.login.max < target
    }

    static let header = "db       sockets hello perAddr open s  open end  closed errors           health p50/p99/max ms  login p50/p99/max ms   failures srv RSS log  held"

    var line: String {
        let errors = flood.errors.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        let failures = probes.failures.values.reduce(0, +)
        return database.padding(toLength: 8, withPad: " ", startingAt: 0)
            + String(format: "%7d ", sockets) + hello.padding(toLength: 5, withPad: " ", startingAt: 0)
            + String(format: " %7d %6.1f %5d %5d %7d ", perAddress, openingSeconds, openAfterOpening, flood.open, flood.closedByServer)
            + errors.padding(toLength: 16, withPad: " ", startingAt: 0)
            + String(format: " %6.1f %6.1f %7.1f  %6.1f %6.1f %7.1f %8d %6.0fM %4d  ",
                     probes.health.p50, probes.health.p99, probes.health.max, probes.login.p50, probes.login.p99, probes.login.max,
                     failures, serverResidentMiB ?? .nan, serverLogLines)
            + (targetHeld ? "yes" : "no")
    }
}
