import Foundation
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import PacelineAPI
import PacelineBenchmarks

/// Times what a person using the server meanwhile would see: every `interval`, one
/// `GET /health` and one log in, one after the other, through the generated client.
struct ResponseProbe {
    /// What the probes measured.
    struct Report: Encodable {
        var health: LiveLoadReport.Latency
        var login: LiveLoadReport.Latency
        var probes: Int
        /// Answers other than 200, or failed requests, by what they were ("health 500", "login timeout").
        var failures: [String: Int]
    }

    let client: Client
    let email: String
    let password: String
    var interval = Duration.milliseconds(100)

    init(server: URL, email: String, password: String) {
        client = Client(serverURL: server.appendingPathComponent("api/v1"), configuration: .paceline,
                        transport: AsyncHTTPClientTransport(configuration: .init(timeout: .seconds(30))))
        self.email = email
        self.password = password
    }

    /// Probes until `until` returns true (checked after each probe).
    func run(until done: @Sendable () -> Bool) async -> Report {
        var health = LatencyHistogram(), login = LatencyHistogram()
        var failures: [String: Int] = [:], probes = 0
        let clock = ContinuousClock()
        repeat {
            let next = clock.now.advanced(by: interval)
            let (healthTime, healthFailure) = await timed {
                switch try await client.getHealth() {
                case .ok: nil
                case .serviceUnavailable: "health 503"
                case .default(let status, _): "health \(status)"
                }
            }
            let (loginTime, loginFailure) = await timed {
                switch try await client.logIn(body: .json(.init(email: email, password: password))) {
                case .ok: nil
                case .tooManyRequests: "login 429"
                case .default(let status, _): "login \(status)"
                }
            }
            health.record(milliseconds: healthTime)
            login.record(milliseconds: loginTime)
            for failure in [healthFailure, loginFailure].compactMap({ $0 }) { failures[failure, default: 0] += 1 }
            probes += 1
            try? await Task.sleep(until: next, clock: clock)
        } while !done()
        return Report(health: .init(health), login: .init(login), probes: probes, failures: failures)
    }

    /// How long `request` took, milliseconds, and what went wrong (nil: nothing).
    private func timed(_ request: () async throws -> String?) async -> (Double, String?) {
        let start = ContinuousClock.now
        let failure: String?
        do { failure = try await request() } catch { failure = "\(type(of: error))" }
        let elapsed = ContinuousClock.now - start
        return (Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15, failure)
    }
}
