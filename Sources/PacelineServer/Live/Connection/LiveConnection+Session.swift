import Fluent
import Foundation
import PacelineAPI
import PacelineCore

extension LiveConnection {
    func createSession(_ request: LiveClientMessage.CreateSession, user: User, state: inout State) async throws {
        try requireIdle(state)
        let userID = try user.requireID()
        let (session, host) = try await LiveSessions.create(host: userID, distance: request.distanceMeters, sport: request.sport,
                                                            invitees: request.invite ?? [], settings: hub.settings, on: hub.database)
        try await enter(session, as: host, hiding: user.privacyZones, state: &state)
    }

    /// Joins (or rejoins) a session: a rejoining runner's race is rebuilt from their stored fixes.
    func joinSession(_ request: LiveClientMessage.JoinSession, user: User, state: inout State) async throws {
        if case .race(let runner) = state.current, request.sessionId.flatMap(UUID.init(uuidString:)) == runner.sessionID {
            state.current = .idle  // joining the same session again: start over from what is stored
        }
        try requireIdle(state)
        let (session, member) = try await LiveSessions.join(request, user: try user.requireID(), from: clientAddress,
                                                            settings: hub.settings, limiter: hub.limiter, on: hub.database)
        try await enter(session, as: member, hiding: user.privacyZones, state: &state)
    }

    private func enter(_ session: LiveSession, as member: LiveMember, hiding zones: [PrivacyZone], state: inout State) async throws {
        var runner = try LiveRaceRunner(session: session, member: member)
        runner.hidden = zones
        let (fixes, last) = try await LiveFixLog.fixes(of: runner.memberID, on: hub.database)
        _ = runner.add(fixes)
        runner.lastSequence = last
        hub.registry.subscribe(socket, to: runner.sessionID, as: runner.memberID)
        state.current = .race(runner)
        send(.joined(.init(sessionId: runner.sessionID.apiID, lastSequence: last)))
        if let startsAt = session.startsAt, session.finishedAt == nil {
            send(.countdown(.init(sessionId: runner.sessionID.apiID, startsAt: startsAt, serverTime: Date())))
        }
        await hub.publish(.changed(runner.sessionID))
    }

    func invite(_ request: LiveClientMessage.Invite, user: User, state: State) async throws {
        let runner = try currentRace(state)
        guard let session = try await LiveSession.find(runner.sessionID, on: hub.database) else { throw Refusal.notFound("session") }
        try await LiveSessions.invite(request.userIds, to: session, by: try user.requireID(), on: hub.database)
        await hub.publish(.changed(runner.sessionID))
    }

    func setReady(_ ready: Bool, state: State) async throws {
        let runner = try currentRace(state)
        let startsAt = try await LiveStart.setReady(ready, member: LiveMemberID(runner.memberID), of: LiveSessionID(runner.sessionID),
                                                    settings: hub.settings, on: hub.database)
        if let startsAt {
            await hub.publish(LiveEvent(sessionID: runner.sessionID,
                                        message: .countdown(.init(sessionId: runner.sessionID.apiID, startsAt: startsAt, serverTime: Date()))))
        }
        await hub.publish(.changed(runner.sessionID))
    }

    /// Leaves the lobby (which may start the race for those left, all ready), or gives up
    /// the race (which may end it for everyone).
    func leave(state: inout State) async throws {
        let runner = try currentRace(state)
        guard let session = try await LiveSession.find(runner.sessionID, on: hub.database),
              let member = try await LiveMember.find(runner.memberID, on: hub.database) else { throw Refusal.notFound("session") }
        await hub.fixLog.flush()
        try await LiveSessions.leave(member, session: session, on: hub.database)
        hub.registry.unsubscribe(socket, from: runner.sessionID)
        state.current = .idle
        if session.startsAt == nil {
            await hub.startIfEveryoneReady(runner.sessionID)
        } else {
            _ = try await LiveResultsMaker.finishIfDone(runner.sessionID, on: hub.database)
        }
        await hub.publish(.changed(runner.sessionID))
    }

    /// Feeds a race member's new fixes; reports progress to the others and, at the
    /// distance, the finish.
    func race(_ accepted: LiveFixIntake.Accepted, runner: inout LiveRaceRunner) async throws {
        if runner.startsAt == nil, let startsAt = try await LiveSession.find(runner.sessionID, on: hub.database)?.startsAt {
            runner.start(at: startsAt)
            runner.status = .running
        }
        let outcome = runner.add(accepted.fixes)
        if let progress = outcome.progress {
            await hub.publish(LiveEvent(sessionID: runner.sessionID, message: .progress(progress)))
        }
        if runner.walker != nil, runner.race != nil, runner.status == .running {
            try await tellDiscoveries(accepted.fixes, runner: &runner, flush: outcome.finishedNow)
        }
        guard outcome.finishedNow, let seconds = runner.race?.finishSeconds,
              let member = try await LiveMember.find(runner.memberID, on: hub.database) else { return }
        runner.status = .finished
        await hub.fixLog.flush()  // whoever makes the results reads the crossing fix from the database
        try await LiveSessions.finish(member, seconds: seconds, on: hub.database)
        await hub.publish(LiveEvent(sessionID: runner.sessionID,
                                    message: .finished(.init(sessionId: runner.sessionID.apiID, userId: runner.userID.apiID, seconds: seconds))))
        _ = try await LiveResultsMaker.finishIfDone(runner.sessionID, on: hub.database)
        await hub.publish(.changed(runner.sessionID))
    }

    /// Tells the session of the points of interest the walker's fixes passed (`LiveDiscoveries`).
    private func tellDiscoveries(_ fixes: [Fix], runner: inout LiveRaceRunner, flush: Bool) async throws {
        let found = try await LiveDiscoveries.passed(fixes, by: &runner.walker!, hidden: runner.hidden, flush: flush, on: hub.database)
        for (point, time) in found {
            await hub.publish(LiveEvent(sessionID: runner.sessionID, message: .discovered(.init(
                sessionId: runner.sessionID.apiID, userId: runner.userID.apiID, pointId: point.id.apiID, title: point.title,
                latitude: point.coordinate.latitude, longitude: point.coordinate.longitude, time: time))))
        }
    }

    private func currentRace(_ state: State) throws -> LiveRaceRunner {
        guard case .race(let runner) = state.current else {
            throw Refusal(.conflict, code: "not_in_session", message: "join a session first")
        }
        return runner
    }
}
