import PacelineAPI
import PacelineCore

extension APIHandler {
    func listMissions(_ input: Operations.ListMissions.Input) async throws -> Operations.ListMissions.Output {
        let missions = try await JourneyBook.missions(for: AuthenticatedUser.current?.id, on: database).map { record, replay in
            Components.Schemas.MissionSummary(
                id: record.key, name: record.name, summary: record.summary, attribution: record.attribution,
                lengthMeters: record.lengthMeters, routeCount: record.routeCount, stageCount: record.stageCount,
                progress: replay.map {
                    .init(distanceMeters: $0.progress.distance, lengthMeters: $0.progress.journey.length, finishedAt: $0.progress.finishedAt)
                })
        }
        return .ok(.init(body: .json(.init(missions: missions))))
    }

    func getMission(_ input: Operations.GetMission.Input) async throws -> Operations.GetMission.Output {
        let (_, mission) = try await MissionCatalogue.load(input.path.missionId, on: database)
        let detail = mission.detailSchema
        let tag = try ETag.of(detail)
        if ETag.matches(tag, input.headers.ifNoneMatch) { return .notModified(.init(headers: .init(eTag: tag))) }
        return .ok(.init(headers: .init(eTag: tag), body: .json(detail)))
    }

    func getJourney(_ input: Operations.GetJourney.Input) async throws -> Operations.GetJourney.Output {
        let user = try await currentUser()
        let replay = try await JourneyBook.journey(on: input.path.missionId, of: try user.requireID(), on: database)
        return .ok(.init(body: .json(replay.schema(user: user))))
    }

    func joinMission(_ input: Operations.JoinMission.Input) async throws -> Operations.JoinMission.Output {
        let user = try await currentUser()
        guard case .json(let choice) = input.body else { throw Refusal.invalid("send JSON") }
        let (replay, isNew) = try await JourneyBook.join(
            input.path.missionId, by: try user.requireID(), from: StageIndex(route: choice.start.route, stage: choice.start.stage),
            to: StageIndex(route: choice.end.route, stage: choice.end.stage), privacy: choice.privacy, on: database)
        let body = replay.schema(user: user)
        return isNew ? .created(.init(body: .json(body))) : .ok(.init(body: .json(body)))
    }

    func updateJourney(_ input: Operations.UpdateJourney.Input) async throws -> Operations.UpdateJourney.Output {
        let user = try await currentUser()
        guard case .json(let update) = input.body else { throw Refusal.invalid("send JSON") }
        let replay = try await JourneyBook.change(input.path.missionId, of: try user.requireID(), privacy: update.privacy, on: database)
        return .ok(.init(body: .json(replay.schema(user: user))))
    }

    func leaveMission(_ input: Operations.LeaveMission.Input) async throws -> Operations.LeaveMission.Output {
        let user = try AuthenticatedUser.required()
        try await JourneyBook.leave(input.path.missionId, by: user.id, on: database)
        return .noContent(.init())
    }

    func getUserJourney(_ input: Operations.GetUserJourney.Input) async throws -> Operations.GetUserJourney.Output {
        let (replay, owner) = try await JourneyBook.journey(on: input.path.missionId, of: input.path.userId,
                                                           seenBy: AuthenticatedUser.current?.id, on: database)
        return .ok(.init(body: .json(replay.schema(user: owner))))
    }

    func getRunMissionAdvances(_ input: Operations.GetRunMissionAdvances.Input) async throws -> Operations.GetRunMissionAdvances.Output {
        let user = try AuthenticatedUser.required()
        let advances = try await JourneyBook.advances(ofRun: input.path.runId, by: user.id, on: database)
        return .ok(.init(body: .json(.init(advances: advances))))
    }
}
