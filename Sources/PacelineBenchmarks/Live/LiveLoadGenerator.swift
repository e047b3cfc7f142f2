import Foundation
import NIOCore
import NIOPosix
import PacelineAPI
import Synchronization

/// Drives a live load run (`LiveLoadPlan`) against a server and reports what it measured:
/// sessions form one after another over the ramp, each the way phones form one (the host
/// creates it, the others join by its code, everyone gets ready and hears the countdown),
/// and race from their start instant, every runner sending a fix a second; each runner
/// times the progress reports about the others. Every step has a deadline, so a run ends
/// by `plan.end` plus a few seconds to close, whatever the server does.
///
/// ```swift
/// let report = await LiveLoadGenerator.run(LiveLoadPlan(url: url, tokens: tokens, sessionSize: 5, ramp: 20, duration: 60,
///                                                       start: Date().addingTimeInterval(0.5)))
/// ```
public enum LiveLoadGenerator {
    /// A session that started: its runners, host first.
    private struct Started: Sendable {
        var runners: [LiveLoadRunner]
    }

    /// Every runner connected so far, started or not, so all are closed at the end.
    private final class Connected: Sendable {
        private let runners = Mutex<[LiveLoadRunner]>([])

        func add(_ runner: LiveLoadRunner) { runners.withLock { $0.append(runner) } }
        var all: [LiveLoadRunner] { runners.withLock { $0 } }
    }

    /// Runs `plan` with its connections spread over `threads` event loops of their own
    /// (one per core by default).
    public static func run(_ plan: LiveLoadPlan, threads: Int = System.coreCount) async -> LiveLoadReport {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: threads)
        let report = await run(plan, on: group)
        try? await group.shutdownGracefully()
        return report
    }

    private static func run(_ plan: LiveLoadPlan, on group: MultiThreadedEventLoopGroup) async -> LiveLoadReport {
        let loops = Array(group.makeIterator())
        let counters = loops.map { NIOLoopBoundBox.makeBoxSendingValue(LiveLoadCounters(), eventLoop: $0) }
        let connected = Connected()
        let sessions = plan.sessions
        let formDeadline = plan.window.start
        var started: [Started] = [], failures: [String] = []
        var lastCountdown = plan.start
        await withTaskGroup(of: Result<Started, any Error>.self) { group in
            for (number, members) in sessions.enumerated() {
                let slot = plan.start.addingTimeInterval(plan.ramp * Double(number) / Double(sessions.count))
                group.addTask {
                    try? await Task.sleep(for: .seconds(max(0, slot.timeIntervalSinceNow)))
                    do {
                        return .success(try await LiveLoadDeadline.run(until: formDeadline, "session \(number + 1)") {
                            try await form(members, plan: plan, counters: counters, connected: connected)
                        })
                    } catch {
                        return .failure(error)
                    }
                }
            }
            for await result in group {
                switch result {
                case .success(let session):
                    started.append(session)
                    lastCountdown = max(lastCountdown, Date())
                case .failure(let error):
                    failures.append(String(describing: error))
                }
            }
        }
        try? await Task.sleep(for: .seconds(max(0, plan.end.timeIntervalSinceNow)))

        let runners = started.flatMap(\.runners)
        var snapshots: [LiveLoadRunner.State] = []
        for runner in runners { snapshots.append((try? await runner.snapshot()) ?? LiveLoadRunner.State(keepsSessions: false)) }
        let dropped = runners.filter(\.client.isClosed).count
        var total = LiveLoadCounters()
        for box in counters {
            if let counted = try? await box.eventLoop.submit({ box.value }).get() { total.add(counted) }
        }
        await close(connected.all, by: Date().addingTimeInterval(5))

        var hearingEveryone = 0
        for (session, range) in zip(started, ranges(of: started)) {
            for snapshot in snapshots[range] where snapshot.heardFrom.count == session.runners.count - 1 { hearingEveryone += 1 }
        }
        let seconds = plan.window.duration
        return LiveLoadReport(
            runners: plan.tokens.count, connected: connected.all.count, racing: runners.count, sessions: started.count,
            sessionsFailed: failures.count, failures: Array(failures.prefix(5)),
            setupSeconds: lastCountdown.timeIntervalSince(plan.start), windowSeconds: seconds,
            fixesSent: total.fixesSent, fixesPerSecond: Double(total.fixesSent) / seconds,
            progressExpected: total.progressExpected, progressReceived: total.progressReceived,
            progressPerSecond: Double(total.progressReceived) / seconds,
            latency: .init(total.latency), sendLag: .init(total.sendLag), runnersHearingEveryone: hearingEveryone,
            dropped: dropped, sendFailures: total.sendFailures,
            unacknowledgedFixes: snapshots.reduce(0) { $0 + $1.lastSent - $1.lastAcknowledged }, errors: total.errors)
    }

    /// Forms one session of the runners `members` and starts their race: the host creates
    /// it, the others join by code, all get ready; everyone hears the countdown.
    private static func form(_ members: [Int], plan: LiveLoadPlan, counters: [NIOLoopBoundBox<LiveLoadCounters>],
                             connected: Connected) async throws -> Started {
        let step = Duration.seconds(max(1, plan.window.start.timeIntervalSinceNow))
        @Sendable func connect(_ index: Int, host: Bool) async throws -> LiveLoadRunner {
            let runner = try await LiveLoadRunner.connect(index: index, host: host, plan: plan,
                                                          counters: counters[index % counters.count], timeout: step)
            connected.add(runner)
            return runner
        }
        let host = try await connect(members[0], host: true)
        try await host.client.send(.createSession(.init(distanceMeters: plan.distanceMeters)))
        let code = try await host.client.next(timeout: step, waitingFor: "the lobby's code") {
            if case .session(let lobby) = $0 { lobby.code } else { nil }
        }
        let guests = try await withThrowingTaskGroup(of: LiveLoadRunner.self) { group in
            for index in members.dropFirst() {
                group.addTask {
                    let guest = try await connect(index, host: false)
                    try await guest.client.send(.joinSession(.init(code: code)))
                    _ = try await guest.client.next(timeout: step, waitingFor: "joined") { if case .joined = $0 { true } else { nil } }
                    return guest
                }
            }
            return try await group.reduce(into: [LiveLoadRunner]()) { $0.append($1) }.sorted { $0.index < $1.index }
        }
        _ = try await host.client.next(timeout: step, waitingFor: "everyone in the lobby") {
            if case .session(let lobby) = $0, lobby.members.count == members.count { true } else { nil }
        }
        let runners = [host] + guests
        for runner in runners { try await runner.client.send(.ready(.init(ready: true))) }
        var starts: [Date] = []
        for runner in runners {
            starts.append(try await runner.client.next(timeout: step, waitingFor: "the countdown") {
                if case .countdown(let countdown) = $0 { countdown.startsAt } else { nil }
            })
        }
        for (runner, startsAt) in zip(runners, starts) { runner.run(from: startsAt, members: runners.count) }
        return Started(runners: runners)
    }

    /// Each session's runners' range in the flattened list.
    private static func ranges(of sessions: [Started]) -> [Range<Int>] {
        var start = 0
        return sessions.map { session in
            defer { start += session.runners.count }
            return start..<(start + session.runners.count)
        }
    }

    /// Closes every connection, waiting for them until `deadline` at most.
    private static func close(_ runners: [LiveLoadRunner], by deadline: Date) async {
        _ = try? await LiveLoadDeadline.run(until: deadline, "closing") {
            await withTaskGroup(of: Void.self) { group in
                for runner in runners { group.addTask { await runner.client.close() } }
            }
        }
    }
}
