import Fluent
import Foundation
import PacelineAPI
import PacelineCore

extension APIHandler {
    func listMissions(_ input: Operations.ListMissions.Input) async throws -> Operations.ListMissions.Output {
        let records = try await MissionRecord.query(on: database).sort(\.$name).sort(\.$key).all()
        var journeys: [UUID: JourneyRecord] = [:]
        var replays: [UUID: JourneyReplay] = [:]
        if let user = AuthenticatedUser.current {
            for journey in try await JourneyRecord.query(on: database).filter(\.$user.$id == user.id).all() {
                journeys[journey.$mission.id] = journey
            }
            for record in records {
                guard let id = record.id, let journey = journeys[id] else { continue }
                replays[id] = try await JourneyReplay.replay(journey, of: try await MissionCatalogue.mission(of: record, on: database), on: database)
            }
        }
        let missions = records.map { record in
            Components.Schemas.MissionSummary(
                id: record.key, name: record.name, summary: record.summary, attribution: record.attribution,
                lengthMeters: record.lengthMeters, routeCount: record.routeCount, stageCount: record.stageCount,
                progress: record.id.flatMap { replays[$0] }.map {
                    .init(distanceMeters: $0.progress.distance, lengthMeters: $0.progress.journey.length, finishedAt: $0.progress.finishedAt)
                })
        }
        return .ok(.init(body: .json(.init(missions: missions))))
    }

    func getMission(_ input: Operations.GetMission.Input) async throws -> Operations.GetMission.Output {
        let (_, mission) = try await MissionCatalogue.load(input.path.missionId, on: database)
        return .ok(.init(body: .json(mission.detailSchema)))
    }

    func getJourney(_ input: Operations.GetJourney.Input) async throws -> Operations.GetJourney.Output {
        let user = try await currentUser()
        let (record, mission) = try await MissionCatalogue.load(input.path.missionId, on: database)
        let journey = try await journey(of: try user.requireID(), on: record)
        return .ok(.init(body: .json(try await JourneyReplay.replay(journey, of: mission, on: database).schema(user: user))))
    }

    func joinMission(_ input: Operations.JoinMission.Input) async throws -> Operations.JoinMission.Output {
        let user = try await currentUser()
        guard case .json(let choice) = input.body else { throw Refusal.invalid("send JSON") }
        let (record, mission) = try await MissionCatalogue.load(input.path.missionId, on: database)
        let first = StageIndex(route: choice.start.route, stage: choice.start.stage)
        let last = StageIndex(route: choice.end.route, stage: choice.end.stage)
        do {
            _ = try MissionJourney(mission, from: first, to: last)
        } catch {
            throw Refusal.unprocessable(error.message)
        }
        let userID = try user.requireID(), missionID = try record.requireID()
        let journey = try await database.retryingTransaction { transaction in
            let existing = try await JourneyRecord.query(on: transaction).filter(\.$user.$id == userID)
                .filter(\.$mission.$id == missionID).first()
            if let existing {
                try await JourneyAdvanceRecord.query(on: transaction).filter(\.$journey.$id == existing.requireID()).delete()
            }
            let journey = existing ?? JourneyRecord()
            journey.$user.id = userID
            journey.$mission.id = missionID
            journey.firstRoute = first.route
            journey.firstStage = first.stage
            journey.lastRoute = last.route
            journey.lastStage = last.stage
            journey.privacy = choice.privacy ?? existing?.privacy ?? .private
            journey.startedAt = Date()
            journey.finishedAt = nil
            try await journey.save(on: transaction)
            return (journey, existing == nil)
        }
        let body = try await JourneyReplay.replay(journey.0, of: mission, on: database).schema(user: user)
        return journey.1 ? .created(.init(body: .json(body))) : .ok(.init(body: .json(body)))
    }

    func updateJourney(_ input: Operations.UpdateJourney.Input) async throws -> Operations.UpdateJourney.Output {
        let user = try await currentUser()
        guard case .json(let update) = input.body else { throw Refusal.invalid("send JSON") }
        let (record, mission) = try await MissionCatalogue.load(input.path.missionId, on: database)
        let journey = try await journey(of: try user.requireID(), on: record)
        journey.privacy = update.privacy
        try await journey.save(on: database)
        return .ok(.init(body: .json(try await JourneyReplay.replay(journey, of: mission, on: database).schema(user: user))))
    }

    func leaveMission(_ input: Operations.LeaveMission.Input) async throws -> Operations.LeaveMission.Output {
        let user = try AuthenticatedUser.required()
        guard let record = try await MissionRecord.query(on: database).filter(\.$key == input.path.missionId).first() else {
            throw Refusal.notFound("mission")
        }
        let missionID = try record.requireID()
        try await database.retryingTransaction { transaction in
            let journeys = try await JourneyRecord.query(on: transaction).filter(\.$user.$id == user.id)
                .filter(\.$mission.$id == missionID).all(\.$id)
            try await JourneyAdvanceRecord.query(on: transaction).filter(\.$journey.$id ~~ journeys).delete()
            try await JourneyRecord.query(on: transaction).filter(\.$id ~~ journeys).delete()
        }
        return .noContent(.init())
    }

    func getUserJourney(_ input: Operations.GetUserJourney.Input) async throws -> Operations.GetUserJourney.Output {
        guard let ownerID = UUID(uuidString: input.path.userId) else { throw Refusal.notFound("journey") }
        let (record, mission) = try await MissionCatalogue.load(input.path.missionId, on: database)
        let journey = try await journey(of: ownerID, on: record)
        guard try await Privacy.allows(AuthenticatedUser.current?.id, toSee: ownerID, privacy: journey.privacy, on: database),
              let owner = try await User.find(ownerID, on: database) else {
            throw Refusal.notFound("journey")
        }
        return .ok(.init(body: .json(try await JourneyReplay.replay(journey, of: mission, on: database).schema(user: owner))))
    }

    func getRunMissionAdvances(_ input: Operations.GetRunMissionAdvances.Input) async throws -> Operations.GetRunMissionAdvances.Output {
        let user = try AuthenticatedUser.required()
        let run = try await RunAccess.ownedRun(input.path.runId, by: user.id, on: database)
        let runID = try run.requireID()
        let journeyIDs = try await JourneyAdvanceRecord.query(on: database).filter(\.$runID == runID).all(\.$journey.$id)
        var advances: [Components.Schemas.MissionAdvance] = []
        for journey in try await JourneyRecord.query(on: database).filter(\.$id ~~ journeyIDs).filter(\.$user.$id == user.id).all() {
            guard let record = try await MissionRecord.find(journey.$mission.id, on: database) else { continue }
            let replay = try await JourneyReplay.replay(journey, of: try await MissionCatalogue.mission(of: record, on: database), on: database)
            if let advance = replay.advanceSchema(run: runID) { advances.append(advance) }
        }
        return .ok(.init(body: .json(.init(advances: advances))))
    }

    /// `user`'s journey on the mission of `record`, or 404.
    private func journey(of user: UUID, on record: MissionRecord) async throws -> JourneyRecord {
        guard let journey = try await JourneyRecord.query(on: database).filter(\.$user.$id == user)
            .filter(\.$mission.$id == record.requireID()).first() else {
            throw Refusal.notFound("journey")
        }
        return journey
    }
}
