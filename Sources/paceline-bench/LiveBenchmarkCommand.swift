import ArgumentParser
import Foundation
import PacelineBenchmarks
import PacelineHarness
import PacelineServer

/// `paceline-bench live`: how many live runners one server carries with fan-out p99 under 100 ms.
struct LiveBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract: "Load the live hub with runners racing in sessions and measure progress latency.",
        discussion: """
            Build with -c release for meaningful numbers. For each runner count, a fresh database \
            gets one logged-in user per runner and a `paceline serve` child process starts on a \
            free loopback port; runners connect and form sessions (host creates, the others join \
            by code, all ready, countdown) spread over the ramp, then send one fix a second each, \
            spread evenly over the second. Every progress report about another runner is timed \
            from its fix's time to its arrival. Only the window after the ramp (and 5 s for the \
            last countdowns) is measured. The database and the server are removed afterwards.
            """
    )

    @Option(help: "Runner counts, comma-separated: each is a run of its own, one line each.")
    var runners = "10000"

    @Option(help: "Runners per session.")
    var sessionSize = 5

    @Option(help: "Seconds measured, after the ramp.")
    var duration = 60.0

    @Option(help: "Seconds over which sessions form and start.")
    var ramp = 20.0

    @Option(help: "sqlite (a temporary file) or a postgres:// URL (the run gets a schema of its own).")
    var database = "sqlite"

    @Flag(help: "Print the results as JSON.")
    var json = false

    /// p99 of the fan-out must stay below this, milliseconds.
    static let target = 100.0

    func validate() throws {
        guard !counts.isEmpty, counts.allSatisfy({ $0 >= 2 }) else { throw ValidationError("--runners takes counts of at least 2, e.g. 1000,5000") }
        guard sessionSize >= 2 else { throw ValidationError("--session-size must be at least 2") }
        guard duration > 0, ramp >= 0 else { throw ValidationError("--duration must be positive and --ramp not negative") }
    }

    private var counts: [Int] { runners.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } }

    func run() async throws {
        let descriptors = FileDescriptorLimit.raise()
        if descriptors < (counts.max() ?? 0) + 100 {
            Output.error("warning: open files are limited to \(descriptors); each process needs one per runner")
        }
        let location: DatabaseLocation? = database == "sqlite" ? nil : DatabaseLocation(database)
        var results: [LiveBenchResult] = []
        if !json { Output.line(LiveBenchResult.header) }
        for count in counts {
            let result = try await measure(runners: count, database: location)
            results.append(result)
            if !json { Output.line(result.line) }
            for failure in result.report.failures { Output.error("\(count) runners: \(failure)") }
            if !result.report.errors.isEmpty { Output.error("\(count) runners: errors received \(result.report.errors)") }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            Output.line(String(decoding: try encoder.encode(["runs": results]), as: UTF8.self))
        }
    }

    /// One run of `runners` against a new server on a new database.
    private func measure(runners: Int, database location: DatabaseLocation?) async throws -> LiveBenchResult {
        Output.error("\(runners) runners: creating the database")
        let database = try await RunnersDatabase.create(users: runners, at: location)
        let server: ServerProcess
        do {
            // Each runner connects from an address of its own (`X-Forwarded-For`, as behind
            // a proxy): from one address, the per-address limit of sockets would stop them.
            server = try ServerProcess(database: database.location, options: ["--trust-proxy"])
        } catch {
            await database.remove()
            throw error
        }
        Output.error("\(runners) runners: server \(server.pid) on port \(server.port); ramp \(Int(ramp)) s, then \(Int(duration)) s measured")
        let plan = LiveLoadPlan(url: URL(string: "ws://127.0.0.1:\(server.port)/api/v1/live")!, tokens: database.tokens,
                                sessionSize: sessionSize, ramp: ramp, duration: duration, start: Date().addingTimeInterval(0.5))
        let usage = Task { [pid = server.pid] in await WindowUsage.measure(server: pid, over: plan.window) }
        let report = await LiveLoadGenerator.run(plan)
        let (serverUsage, generatorUsage) = await usage.value
        let memory = ProcessStats.read(pid: server.pid)
        let logged = server.logged
        // Shown, so a failed run says why (a test prints it).
        for line in logged { Output.error("server: \(line)") }
        server.stop()
        await database.remove()
        return LiveBenchResult(database: database.location.kind, sessionSize: sessionSize, report: report,
                               serverCPUPercent: serverUsage, generatorCPUPercent: generatorUsage,
                               serverResidentMiB: memory?.residentMiB, serverPeakResidentMiB: memory?.peakResidentMiB,
                               serverLogLines: logged.count, target: Self.target)
    }
}
