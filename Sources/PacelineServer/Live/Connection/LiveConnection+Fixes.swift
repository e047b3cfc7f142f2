import Foundation
import PacelineAPI
import PacelineCore

extension LiveConnection {
    /// Takes a `fixes` message for the follow or race the connection is in: new fixes
    /// are queued for storing (and acknowledged once stored), then fed on; fixes received
    /// before are skipped.
    func receive(_ incoming: [LiveFix], state: inout State) async throws {
        let intake = LiveFixIntake(clockTolerance: hub.settings.fixClockTolerance)
        switch state.current {
        case .idle:
            throw Refusal(.conflict, code: "not_started", message: "start a follow or join a session before sending fixes")
        case .follow(var runner):
            // The runner is taken out of the state while it is fed, so feeding it copies
            // none of its arrays (the state's copy would otherwise share them), and put back after.
            state.current = .idle
            defer { state.current = .follow(runner) }
            guard let accepted = try intake.accept(incoming, after: runner.lastSequence) else { return }
            await store(accepted, owner: runner.followID)
            runner.lastSequence = accepted.lastSequence
            for cue in runner.add(accepted.fixes) { send(.cue(cue)) }
        case .race(var runner):
            state.current = .idle  // as for a follow
            defer { state.current = .race(runner) }
            guard let accepted = try intake.accept(incoming, after: runner.lastSequence) else { return }
            runner.lastSequence = accepted.lastSequence
            guard runner.status != .finished else {
                // Past the line: nothing more to keep (the run ends there), so the phone may forget them at once.
                return send(.ack(.init(sequence: accepted.lastSequence)))
            }
            await store(accepted, owner: runner.memberID)
            try await race(accepted, runner: &runner)
        }
    }

    /// Queues `accepted` for storing; once stored, the client hears `ack`. (Fixes received
    /// before are not acknowledged again: `joined` and `followStarted` say what is stored.)
    private func store(_ accepted: LiveFixIntake.Accepted, owner: UUID) async {
        let socket = socket, last = accepted.lastSequence
        await hub.fixLog.append(owner: owner, firstSequence: accepted.firstSequence, lastSequence: last, fixes: accepted.fixes) {
            socket.send(LiveConnection.text(.ack(.init(sequence: last))))
        }
    }
}
