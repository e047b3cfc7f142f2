import Foundation
import PacelineAPI
import PacelineCore
import PacelineLiveClient

/// Builders and steps for live tests: a runner's fixes as a phone would send them, and
/// the messages a race goes through.
public enum LiveRace {
    /// Glasgow Green, where the synthetic races run.
    public static let origin = Coordinate(latitude: 55.8506, longitude: -4.2372)

    /// A runner going straight `bearing`-wards from `origin` (east offset `lane` metres) at
    /// `speed` m/s, one fix a second from `start`, `length` metres in all.
    public static func fixes(speed: Double, length: Double, start: Date, lane: Double = 0, noise: Double = 0,
                             seed: UInt64 = 1, interval: Double = 1) -> [LiveFix] {
        var builder = SyntheticTrack(origin: Coordinate(latitude: origin.latitude, longitude: origin.longitude + lane / 62_600))
        builder.legs = [(east: 0, north: length)]
        builder.speed = speed
        builder.start = start
        builder.interval = interval
        builder.horizontalNoise = noise
        builder.seed = seed
        return builder.build().track.fixes.enumerated().map { index, fix in
            LiveFix(sequence: index + 1, latitude: fix.coordinate!.latitude, longitude: fix.coordinate!.longitude,
                    elevation: fix.elevation, accuracy: 5, time: fix.time!)
        }
    }

    /// Every client runs `length` metres from `start` at once, the i-th at 4 + 0.2·i m/s in
    /// a lane 5·i metres east: the first client is the slowest.
    public static func runAll(_ clients: [LiveClient], length: Double, start: Date) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, client) in clients.enumerated() {
                group.addTask {
                    try await send(fixes(speed: 4 + Double(index) * 0.2, length: length, start: start, lane: Double(index) * 5), over: client)
                }
            }
            try await group.waitForAll()
        }
    }

    /// Sends `fixes` in messages of `batch`.
    public static func send(_ fixes: some Collection<LiveFix>, over client: LiveClient, batch: Int = 10) async throws {
        var rest = Array(fixes)[...]
        while !rest.isEmpty {
            try await client.send(.fixes(.init(fixes: Array(rest.prefix(batch)))))
            rest = rest.dropFirst(batch)
        }
    }
}

extension LiveClient {
    /// The next `session` state whose members satisfy `condition`.
    public func nextSession(timeout: Duration = .seconds(10),
                            where condition: @escaping @Sendable (LiveSessionState) -> Bool = { _ in true }) async throws -> LiveSessionState {
        try await next(timeout: timeout, waitingFor: "a session state") { if case .session(let s) = $0, condition(s) { s } else { nil } }
    }

    public func nextJoined() async throws -> LiveServerMessage.Joined {
        try await next(waitingFor: "joined") { if case .joined(let j) = $0 { j } else { nil } }
    }

    public func nextCountdown() async throws -> LiveServerMessage.Countdown {
        try await next(waitingFor: "countdown") { if case .countdown(let c) = $0 { c } else { nil } }
    }

    public func nextResults(timeout: Duration = .seconds(30)) async throws -> LiveResults {
        try await next(timeout: timeout, waitingFor: "results") { if case .results(let r) = $0 { r } else { nil } }
    }

    /// The next ack of at least `sequence`.
    public func nextAck(atLeast sequence: Int) async throws -> Int {
        try await next(waitingFor: "ack of \(sequence)") { if case .ack(let a) = $0, a.sequence >= sequence { a.sequence } else { nil } }
    }

    /// All queued `progress` messages about `user`, removed from the queue.
    public func takeProgress(of user: String) async throws -> [LiveServerMessage.Progress] {
        var taken: [LiveServerMessage.Progress] = []
        while let progress = try? await next(timeout: .milliseconds(1), { message -> LiveServerMessage.Progress? in
            if case .progress(let p) = message, p.userId == user { p } else { nil }
        }) {
            taken.append(progress)
        }
        return taken
    }
}
