import Fluent
import Foundation
import PacelineAPI
import PacelineCore

/// A live follow on one connection: the `FollowSession` matching the runner against the
/// pace, and the `CueSpeaker` deciding what to say.
struct LiveFollowRunner {
    var followID: UUID
    var route: Route
    /// The pace run's sport: the follow's run is saved as that sport.
    var sport: Sport
    var session: FollowSession
    var speaker: CueSpeaker
    var lastSequence = 0

    /// A follow of `paceRun` on `route`, whose `pace` is `RoutePace`'s, for a runner who reads `units`.
    init(followID: UUID, route: Route, paceRun: Run, pace: [Checkpoint], units: UnitSystem) {
        self.followID = followID
        self.route = route
        sport = paceRun.sport
        var configuration = FollowSession.Configuration()
        configuration.maximumSpeed = SportThresholds.for(sport).maximumSpeed
        session = FollowSession(pace: pace, configuration: configuration)
        speaker = CueSpeaker(units: units)
    }

    /// Feeds `fixes`; returns the cues they gave, with what to say.
    mutating func add(_ fixes: [Fix]) -> [LiveServerMessage.Cue] {
        fixes.compactMap { fix in
            guard let cue = session.add(fix) else { return nil }
            return LiveServerMessage.Cue(elapsedSeconds: cue.elapsedSeconds, distanceMeters: cue.distanceMeters,
                                         aheadSeconds: cue.aheadSeconds, deviated: cue.deviated, finished: cue.finished,
                                         spoken: speaker.spoken(for: cue))
        }
    }
}

extension LiveConnection {
    func startFollow(_ request: LiveClientMessage.Follow, user: User, state: inout State) async throws {
        try requireIdle(state)
        let userID = try user.requireID()
        let route = try await RouteAccess.visibleRoute(request.routeId, to: userID, on: hub.database)
        let paceRun = try await RunAccess.visibleRun(request.paceRunId ?? route.$run.id.uuidString, to: userID, on: hub.database)
        guard paceRun.$route.id == route.id else { throw Refusal.notFound("run on this route") }
        let follow = LiveFollow()
        follow.$user.id = userID
        follow.$route.id = try route.requireID()
        follow.$paceRun.id = try paceRun.requireID()
        try await follow.create(on: hub.database)
        let pace = try await RoutePace.checkpoints(of: paceRun, on: route, seenBy: userID, on: hub.database)
        let runner = LiveFollowRunner(followID: try follow.requireID(), route: route, paceRun: paceRun, pace: pace, units: user.units)
        state.current = .follow(runner)
        send(.followStarted(.init(followId: runner.followID.apiID, routeId: try route.requireID().apiID,
                                  paceRunId: try paceRun.requireID().apiID, routeDistanceMeters: route.distanceMeters, lastSequence: 0)))
    }

    /// Rebuilds a follow from its stored fixes (on whichever instance the client reached).
    func resumeFollow(_ request: LiveClientMessage.ResumeFollow, user: User, state: inout State) async throws {
        try requireIdle(state)
        let userID = try user.requireID()
        guard let id = UUID(uuidString: request.followId), let follow = try await LiveFollow.find(id, on: hub.database),
              follow.$user.id == userID else { throw Refusal.notFound("follow") }
        guard follow.runID == nil else {
            throw Refusal(.conflict, code: "follow_finished", message: "that follow has finished; its run is \(follow.runID!.apiID)")
        }
        let route = try await RouteAccess.visibleRoute(follow.$route.id.uuidString, to: userID, on: hub.database)
        guard let paceRun = try await Run.query(on: hub.database).filter(\.$id == follow.$paceRun.id).with(\.$owner).first() else {
            throw Refusal.notFound("pace")
        }
        let pace = try await RoutePace.checkpoints(of: paceRun, on: route, seenBy: userID, on: hub.database)
        var runner = LiveFollowRunner(followID: id, route: route, paceRun: paceRun, pace: pace, units: user.units)
        let (fixes, last) = try await LiveFixLog.fixes(of: id, on: hub.database)
        _ = runner.add(fixes)
        runner.lastSequence = last
        state.current = .follow(runner)
        send(.followStarted(.init(followId: id.apiID, routeId: try route.requireID().apiID, paceRunId: try paceRun.requireID().apiID,
                                  routeDistanceMeters: route.distanceMeters, lastSequence: last)))
    }

    /// Saves the follow's run and classifies it as the route API does.
    func finishFollow(user: User, state: inout State) async throws {
        guard case .follow(let runner) = state.current else {
            throw Refusal(.conflict, code: "not_following", message: "there is no follow to finish")
        }
        await hub.fixLog.flush()
        let (fixes, _) = try await LiveFixLog.fixes(of: runner.followID, on: hub.database)
        guard let follow = try await LiveFollow.find(runner.followID, on: hub.database) else { throw Refusal.notFound("follow") }
        let run = try await RunBook.recordLive(fixes, sent: fixes, sport: runner.sport, owner: user, name: "Follow of \(runner.route.name)",
                                               on: hub.database) { run, transaction in
            follow.runID = try run.requireID()
            try await follow.save(on: transaction)
        }
        let (result, shortfall) = try await RouteJoin.attempt(run, to: runner.route, on: hub.database)
        let joined = shortfall == nil
        let routeID = try runner.route.requireID()
        let rank = joined ? try await Leaderboard.rank(of: UserID(try user.requireID()), on: RouteID(routeID), on: hub.database) : nil
        try await LiveFixChunk.query(on: hub.database).filter(\.$ownerID == runner.followID).delete()
        state.current = .idle
        send(.followFinished(.init(followId: runner.followID.apiID, runId: try run.requireID().apiID, routeId: routeID.apiID,
                                   classification: joined ? .follow : .new, coverage: result.coverage,
                                   elapsedSeconds: joined ? result.finish.elapsedSeconds : nil, rank: rank)))
    }
}
