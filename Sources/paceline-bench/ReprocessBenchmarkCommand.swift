import ArgumentParser
import AsyncHTTPClient
import Foundation
import NIOCore
import PacelineBenchmarks
import PacelineHarness
import PacelineServer

/// `paceline-bench reprocess`: how long a server takes to measure again the runs that
/// older rules measured, in the background, and what readers see meanwhile.
struct ReprocessBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reprocess",
        abstract: "Time a server measuring stored runs again after a change of rules, and reads meanwhile.",
        discussion: """
            Makes a database of --users users and --activities runs of 30 minutes at one fix \
            a second (stored as uploads store them, then marked measured by rules version 1), \
            starts `paceline serve` (the one built beside this executable) on it, which \
            measures them again in the background, and meanwhile reads as people do: a run, \
            the first page of runs and the statistics, one after another, over one \
            connection. Prints the time to measure them all and the reads' p50, p99 and \
            maximum. Build with -c release.
            """
    )

    @Option(help: "Runs to measure again.")
    var activities = 10_000

    @Option(help: "Users they belong to.")
    var users = 100

    @Option(help: "sqlite (a temporary file) or a postgres:// URL (the run gets a schema of its own).")
    var database = "sqlite"

    func run() async throws {
        let location: DatabaseLocation? = database == "sqlite" ? nil : .postgres(url: database, schema: nil)
        let store = try await RunnersDatabase.create(users: users, at: location, for: "reprocess")
        let made = Date()
        try await OutdatedRuns.store(activities, in: store.location) { stored in
            if stored % 2_000 == 0 { print("stored \(stored) runs as older rules left them") }
        }
        print(String(format: "stored %d runs in %.0f s", activities, Date().timeIntervalSince(made)))

        let token = "bench-metrics"
        let started = Date()
        let server = try ServerProcess(database: store.location, options: ["--metrics-token", token])
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let base = "http://127.0.0.1:\(server.port)"
        let reads = Task {
            var latency: [String: LatencyHistogram] = [:]
            let runs = try await Self.runIDs(base: base, token: store.tokens[0], client: client)
            var k = 0
            while !Task.isCancelled, !runs.isEmpty {
                for (kind, path) in [("a run", "/api/v1/runs/\(runs[k % runs.count])"), ("a page of runs", "/api/v1/runs?limit=20"),
                                     ("the statistics", "/api/v1/me/stats")] {
                    let began = Date()
                    var request = HTTPClientRequest(url: base + path)
                    request.headers.add(name: "Authorization", value: "Bearer \(store.tokens[0])")
                    do {
                        let response = try await client.execute(request, timeout: .seconds(30))
                        _ = try await response.body.collect(upTo: 16 << 20)
                    } catch {
                        if Task.isCancelled { return latency }
                        throw error
                    }
                    latency[kind, default: LatencyHistogram()].record(milliseconds: Date().timeIntervalSince(began) * 1000)
                }
                k += 1
            }
            return latency
        }
        var left = Int.max
        while left > 0 {
            try await Task.sleep(for: .seconds(1))
            left = try await Self.left(base: base, token: token, client: client) ?? left
        }
        let seconds = Date().timeIntervalSince(started)
        reads.cancel()
        let latency: [String: LatencyHistogram]
        do {
            latency = try await reads.value
        } catch {
            print("the reads stopped: \(error)")
            latency = [:]
        }
        var all = LatencyHistogram()
        for kind in latency.values { all.merge(kind) }
        print(String(format: "measured %d runs again in %.0f s (%.1f a second, the server's start included); reads meanwhile: %d, p50 %.1f ms, p99 %.1f ms, max %.1f ms",
                     activities, seconds, Double(activities) / seconds, all.count, all.quantile(0.5), all.quantile(0.99), all.maximum))
        for (kind, histogram) in latency.sorted(by: { $0.key < $1.key }) {
            print(String(format: "  %@: %d, p50 %.1f ms, p99 %.1f ms, max %.1f ms", kind, histogram.count,
                         histogram.quantile(0.5), histogram.quantile(0.99), histogram.maximum))
        }
        server.stop()
        try await client.shutdown()
        await store.remove()
    }

    /// The ids of the first user's runs.
    static func runIDs(base: String, token: String, client: HTTPClient) async throws -> [String] {
        var request = HTTPClientRequest(url: base + "/api/v1/runs?limit=100")
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        let response = try await client.execute(request, timeout: .seconds(30))
        let page = try JSONSerialization.jsonObject(with: Data(buffer: try await response.body.collect(upTo: 16 << 20))) as? [String: Any]
        return (page?["runs"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    /// `paceline_runs_to_remeasure` as /metrics says it (nil before it is counted).
    static func left(base: String, token: String, client: HTTPClient) async throws -> Int? {
        var request = HTTPClientRequest(url: base + "/metrics")
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        let response = try await client.execute(request, timeout: .seconds(30))
        let text = String(buffer: try await response.body.collect(upTo: 1 << 20))
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("paceline_runs_to_remeasure ") }),
              let value = Int(line.split(separator: " ").last ?? ""), value >= 0 else { return nil }
        return value
    }
}
