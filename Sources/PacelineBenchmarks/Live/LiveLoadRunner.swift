import Foundation
import NIOCore
import NIOHTTP1
import PacelineAPI
import PacelineLiveClient

/// One simulated runner of a load run: a live connection whose `observer` counts what
/// arrives (progress, acks, errors) on its event loop without queueing it, and which,
/// once its race starts, sends a fix every second from that loop's own timers (no task
/// per message).
final class LiveLoadRunner: Sendable {
    /// What the runner's event loop keeps about it.
    struct State {
        var userID = ""
        /// Hosts keep `session` messages (for the join code and the lobby); set at the start.
        var keepsSessions: Bool
        var lastSent = 0
        var lastAcknowledged = 0
        var heardFrom: Set<String> = []
    }

    let index: Int
    let client: LiveClient
    private let plan: LiveLoadPlan
    private let state: NIOLoopBoundBox<State>
    private let counters: NIOLoopBoundBox<LiveLoadCounters>

    private init(index: Int, client: LiveClient, plan: LiveLoadPlan, state: NIOLoopBoundBox<State>,
                 counters: NIOLoopBoundBox<LiveLoadCounters>) {
        self.index = index
        self.client = client
        self.plan = plan
        self.state = state
        self.counters = counters
    }

    /// Runner `index`'s phone's address, as a proxy in front would name it: the server
    /// counts its limits of sockets per address by it (started with `--trust-proxy`).
    static func address(of index: Int) -> String {
        "10.\(index >> 16 & 255).\(index >> 8 & 255).\(index & 255)"
    }

    /// Connects runner `index` on `counters`' event loop and says hello with its token.
    static func connect(index: Int, host: Bool, plan: LiveLoadPlan, counters: NIOLoopBoundBox<LiveLoadCounters>,
                        timeout: Duration) async throws -> LiveLoadRunner {
        let loop = counters.eventLoop
        let state = NIOLoopBoundBox.makeBoxSendingValue(State(keepsSessions: host), eventLoop: loop)
        let window = plan.windowMilliseconds
        let client = try await LiveClient.connect(to: plan.url, headers: ["X-Forwarded-For": Self.address(of: index)], on: loop) { message, _ in
            switch message {
            case .progress(let progress):
                guard progress.userId != state.value.userID else { return false }
                if window.contains(Int64((progress.time.timeIntervalSince1970 * 1_000).rounded())) {
                    counters.value.progressReceived += 1
                    counters.value.latency.record(milliseconds: Date().timeIntervalSince(progress.time) * 1_000)
                }
                if !state.value.heardFrom.contains(progress.userId) { state.value.heardFrom.insert(progress.userId) }
                return false
            case .ack(let ack):
                state.value.lastAcknowledged = ack.sequence
                return false
            case .error(let failure):
                counters.value.errors[failure.code, default: 0] += 1
                return false
            case .session:
                return state.value.keepsSessions
            default:
                return true
            }
        }
        let runner = LiveLoadRunner(index: index, client: client, plan: plan, state: state, counters: counters)
        try await client.send(.hello(.init(token: plan.tokens[index])))
        let userID = try await client.next(timeout: timeout, waitingFor: "welcome") { if case .welcome(let w) = $0 { w.userId } else { nil } }
        try await loop.submit { state.value.userID = userID }.get()
        return runner
    }

    /// Sends fix 1 at `startsAt` plus the runner's place in the second, then one every
    /// second until the window ends. Each fix is stamped with the instant it is due (an
    /// even millisecond: see `LiveLoadPlan.windowMilliseconds`) and sent at that instant:
    /// a phone's fixes are exactly a second apart, and the server reports progress at most
    /// once a second.
    func run(from startsAt: Date, members: Int) {
        let start = Int64((startsAt.timeIntervalSince1970 * 1_000).rounded(.up))
        let first = start + start % 2 + plan.offsetMilliseconds(of: index)
        client.eventLoop.execute {
            self.state.value.keepsSessions = false
            self.schedule(1, firstMilliseconds: first, members: members)
        }
    }

    private func schedule(_ sequence: Int, firstMilliseconds: Int64, members: Int) {
        let milliseconds = firstMilliseconds + Int64(sequence - 1) * 1_000
        guard milliseconds < plan.windowMilliseconds.upperBound else { return }
        // A quarter millisecond past the due millisecond, so the wire's milliseconds are exactly it.
        let due = Date(timeIntervalSince1970: (Double(milliseconds) + 0.25) / 1_000)
        let wait = TimeAmount.nanoseconds(Int64(max(0, due.timeIntervalSinceNow) * 1e9))
        client.eventLoop.scheduleTask(in: wait) {
            self.send(sequence, due: due, inWindow: self.plan.windowMilliseconds.contains(milliseconds),
                      elapsed: Double(milliseconds - firstMilliseconds) / 1_000, members: members)
            self.schedule(sequence + 1, firstMilliseconds: firstMilliseconds, members: members)
        }
    }

    /// Sends fix `sequence`, due at `due`, `elapsed` seconds into the race.
    private func send(_ sequence: Int, due: Date, inWindow: Bool, elapsed: Double, members: Int) {
        // Straight north from the origin, each runner in its own lane 2 m east of the last.
        let north = plan.speed(of: index) * elapsed, east = Double(index % 500) * 2
        let fix = LiveFix(sequence: sequence, latitude: 55.8506 + north / 111_320, longitude: -4.2372 + east / 62_600,
                          accuracy: 5, time: due)
        guard let text = try? LiveCoding.encode(LiveClientMessage.fixes(.init(fixes: [fix]))) else { return }
        let promise = client.eventLoop.makePromise(of: Void.self)
        let counters = counters
        promise.futureResult.whenFailure { _ in counters.value.sendFailures += 1 }
        client.send(text: text, promise: promise)
        state.value.lastSent = sequence
        guard inWindow else { return }
        counters.value.fixesSent += 1
        counters.value.progressExpected += members - 1
        counters.value.sendLag.record(milliseconds: Date().timeIntervalSince(due) * 1_000)
    }

    /// What the runner's loop knows about it (read at the end).
    func snapshot() async throws -> State {
        try await client.eventLoop.submit { self.state.value }.get()
    }
}
