import Foundation
import PacelineAPI
import PacelineHarness
import PacelineLiveClient
import PacelineServer
import PacelineTestSupport
import Testing

/// Two `paceline serve` processes on one PostgreSQL behind a real HAProxy, as a club would
/// run them: a race whose runners the balancer spreads over both instances, and one
/// instance killed (`kill -9`) mid-race. Its runners reconnect through the balancer to the
/// other instance, rejoin, resend what was not acknowledged, and finish; nothing is lost.
///
/// In the suite of `paceline upload`'s tests, one at a time, as `CrashSafetyTests`: it
/// starts and kills child processes.
extension UploadCommandTests {
    static var balancedRaceEnabled: Bool {
        LoadBalancer.executable != nil && ProcessInfo.processInfo.environment["PACELINE_TEST_POSTGRES_URL"] != nil
    }

    @Test("a race across two instances behind HAProxy: every progress report crosses, and one instance killed loses no fix",
          .timeLimit(.minutes(3)),
          .enabled(if: balancedRaceEnabled, "needs haproxy and PACELINE_TEST_POSTGRES_URL"))
    func raceBehindALoadBalancer() async throws {
        let url = try #require(ProcessInfo.processInfo.environment["PACELINE_TEST_POSTGRES_URL"])
        let store = try await RunnersDatabase.create(users: 4, at: .postgres(url: url))
        let instances = try [ServerProcess(database: store.location), ServerProcess(database: store.location)]
        let balancer = try LoadBalancer(servers: instances.map(\.port))
        let address = URL(string: "ws://127.0.0.1:\(balancer.port)/api/v1/live")!
        defer {
            balancer.stop()
            for instance in instances { instance.stop() }
        }

        // Four phones connect through the balancer one after another: two land on each instance.
        var phones: [BalancedRunner] = []
        for token in store.tokens { phones.append(try await BalancedRunner(address: address, token: token)) }
        let host = phones[0].client
        try await host.send(.createSession(.init(distanceMeters: Self.raceDistance)))
        let session = try await host.nextJoined().sessionId
        let code = try #require(try await host.nextSession().code)
        for phone in phones.dropFirst() {
            try await phone.client.send(.joinSession(.init(code: code)))
            _ = try await phone.client.nextJoined()
        }
        for phone in phones { try await phone.client.send(.ready(.init(ready: true))) }
        let start = try await host.nextCountdown().startsAt

        // The i-th runs at 6 + 0.5·i m/s, a fix a second as it happens; 10 s in, the second
        // instance is killed.
        let speeds = phones.indices.map { 6 + 0.5 * Double($0) }
        let killer = Task {
            try await Task.sleep(for: .seconds(start.addingTimeInterval(10).timeIntervalSinceNow))
            instances[1].kill()
        }
        let runs = try await withThrowingTaskGroup(of: (Int, BalancedRunner.Run).self) { group in
            for (index, phone) in phones.enumerated() {
                let fixes = LiveRace.fixes(speed: speeds[index], length: Self.raceDistance + 20, start: start, lane: Double(index) * 5)
                group.addTask { (index, try await phone.run(fixes, session: session)) }
            }
            return try await group.reduce(into: [Int: BalancedRunner.Run]()) { $0[$1.0] = $1.1 }
        }
        try await killer.value

        // The balancer had put two runners on the killed instance; each came back once.
        #expect(runs.values.map(\.reconnections).sorted() == [0, 0, 1, 1], "\(runs.mapValues(\.reconnections))")
        // Everyone finished, in the time their fixes say, and everyone was told the same.
        let results = runs.values.map(\.results)
        #expect(Set(results).count == 1)
        let entries = try #require(results.first??.entries)
        #expect(entries.count == 4 && entries.allSatisfy { $0.status == .finished }, "\(entries)")
        for (index, phone) in phones.enumerated() {
            let entry = try #require(entries.first { $0.userId == phone.userId })
            #expect(abs((entry.seconds ?? 0) - Self.raceDistance / speeds[index]) < 0.5, "runner \(index): \(entry)")
        }
        // Each runner who kept their connection heard every fix of every other runner that
        // the server acknowledged as it happened (one at a time: a resent batch is one report),
        // across instances and before and after the kill.
        for (listener, run) in runs where run.reconnections == 0 {
            for (index, phone) in phones.enumerated() where index != listener {
                let expected = runs[index]!.reportedTimes(before: Self.raceDistance - 5, speed: speeds[index])
                let heard = run.heard[phone.userId] ?? []
                #expect(expected.count >= 10)
                #expect(expected.isSubset(of: heard), "runner \(listener) missed \(expected.subtracting(heard).sorted()) of runner \(index)")
            }
        }
        await store.remove()
    }

    static let raceDistance = 200.0
}

/// `date` in whole milliseconds, as the wire carries it.
private func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded())
}

/// One phone in the race: its connection through the balancer, and what it does when the
/// connection drops (connect again, rejoin, resend from what the server last stored).
private struct BalancedRunner: Sendable {
    let address: URL
    let token: String
    let client: LiveClient
    let userId: String

    init(address: URL, token: String) async throws {
        (self.address, self.token) = (address, token)
        (client, userId) = try await Self.connect(to: address, token: token)
    }

    /// What one runner's race came to.
    struct Run: Sendable {
        var results: LiveResults?
        var reconnections = 0
        /// Fixes sent one a message and acknowledged on the same connection: the others
        /// were sent a progress report for each.
        var reported: [LiveFix] = []
        /// The times of the progress reports heard (milliseconds), by runner.
        var heard: [String: Set<Int64>] = [:]

        /// The times (milliseconds) of `reported` fixes before `distance` metres, at `speed` from the start.
        func reportedTimes(before distance: Double, speed: Double) -> Set<Int64> {
            Set(reported.filter { Double($0.sequence - 1) * speed < distance }.map { milliseconds($0.time) })
        }
    }

    /// Sends each fix when it happens; after a drop, reconnects, rejoins `session` and
    /// resends everything past the server's last stored fix. Returns once the results arrive.
    func run(_ fixes: [LiveFix], session: String) async throws -> Run {
        var run = Run()
        var client = client
        var single: [LiveFix] = []
        func leave(_ client: LiveClient) {
            let acked = client.queued.compactMap { if case .ack(let ack) = $0 { ack.sequence } else { nil } }.max() ?? 0
            run.reported += single.filter { $0.sequence <= acked }
            single = []
            for case .progress(let progress) in client.queued { run.heard[progress.userId, default: []].insert(milliseconds(progress.time)) }
        }
        func rejoin(through index: Int) async throws {
            leave(client)
            run.reconnections += 1
            client = try await reconnect()
            try await client.send(.joinSession(.init(sessionId: session)))
            let stored = try await client.nextJoined().lastSequence
            let unstored = fixes[min(stored, index + 1)..<(index + 1)]  // sequence n is fixes[n - 1]
            if !unstored.isEmpty { try await client.send(.fixes(.init(fixes: Array(unstored)))) }
        }
        for (index, fix) in fixes.enumerated() {
            let wait = fix.time.timeIntervalSinceNow
            if wait > 0 { try await Task.sleep(for: .seconds(wait)) }
            if client.isClosed {
                try await rejoin(through: index)
            } else {
                try? await client.send(.fixes(.init(fixes: [fix])))
                single.append(fix)
            }
        }
        // The last fixes may have gone into a connection that was dying: until they are
        // acknowledged, rejoin and send them again.
        while (try? await client.nextAck(atLeast: fixes.count)) == nil {
            try #require(client.isClosed, "the last fix was never acknowledged")
            try await rejoin(through: fixes.count - 1)
        }
        run.results = try await client.nextResults(timeout: .seconds(60))
        leave(client)
        await client.close()
        return run
    }

    /// A new connection through the balancer, tried a few times as a phone would while
    /// the balancer learns the instance is gone.
    private func reconnect() async throws -> LiveClient {
        var attempts = 0
        while true {
            do {
                return try await Self.connect(to: address, token: token).client
            } catch {
                attempts += 1
                if attempts == 10 { throw error }
                try await Task.sleep(for: .milliseconds(300))
            }
        }
    }

    private static func connect(to address: URL, token: String) async throws -> (client: LiveClient, userId: String) {
        let client = try await LiveClient.connect(to: address)
        try await client.send(.hello(.init(token: token)))
        let welcome = try await client.next(waitingFor: "welcome") { if case .welcome(let welcome) = $0 { welcome } else { nil } }
        return (client, welcome.userId)
    }
}
