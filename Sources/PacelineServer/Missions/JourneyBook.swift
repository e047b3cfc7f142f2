import Fluent
import Foundation
import PacelineAPI
import PacelineCore

/// Runners' journeys on missions, with one owner for each thing done to them: listing the
/// missions with the reader's progress, joining one (again), changing who sees a journey,
/// leaving, reading one's own or another's, and what a run did to them. Handlers decode,
/// call one of these, and encode; the missions themselves are `MissionCatalogue`'s, the
/// progress `JourneyReplay`'s, and crediting runs `MissionAdvancer`'s. Refusals are
/// `Refusal`s.
enum JourneyBook {
    /// Every mission, by name, and for a logged-in `user` their journey's progress on each
    /// they joined (nil for the others, and for everyone when nobody is logged in).
    static func missions(for user: UUID?, on database: any Database) async throws -> [(record: MissionRow, replay: JourneyReplay?)] {
        let records = try await MissionRow.query(on: database).sort(\.$name).sort(\.$key).all()
        var journeys: [UUID: JourneyRow] = [:]
        var replays: [UUID: JourneyReplay] = [:]
        if let user {
            for journey in try await JourneyRow.query(on: database).filter(\.$user.$id == user).all() {
                journeys[journey.$mission.id] = journey
            }
            for record in records {
                guard let id = record.id, let journey = journeys[id] else { continue }
                replays[id] = try await JourneyReplay.replay(journey, of: try await MissionCatalogue.mission(of: record, on: database), on: database)
            }
        }
        return records.map { record in (record, record.id.flatMap { replays[$0] }) }
    }

    /// `user`'s journey on mission `key`, replayed: 404 for no such mission, or no journey of theirs on it.
    static func journey(on key: String, of user: UUID, on database: any Database) async throws -> JourneyReplay {
        let (record, mission) = try await MissionCatalogue.load(key, on: database)
        return try await JourneyReplay.replay(try await journey(of: user, on: record, on: database), of: mission, on: database)
    }

    /// `owner`'s journey on mission `key` (`ownerID` unparsed) as `viewer` may see it (its
    /// privacy), replayed, with its traveller: 404 for no such mission, and for a journey
    /// that is not there or not theirs to see.
    static func journey(on key: String, of ownerID: String, seenBy viewer: UUID?,
                        on database: any Database) async throws -> (replay: JourneyReplay, owner: User) {
        guard let ownerID = UUID(uuidString: ownerID) else { throw Refusal.notFound("journey") }
        let (record, mission) = try await MissionCatalogue.load(key, on: database)
        let journey = try await journey(of: ownerID, on: record, on: database)
        guard try await Privacy.allows(viewer, toSee: ownerID, privacy: journey.privacy, on: database),
              let owner = try await User.find(ownerID, on: database) else {
            throw Refusal.notFound("journey")
        }
        return (try await JourneyReplay.replay(journey, of: mission, on: database), owner)
    }

    /// Starts `user` on mission `key` from stage `first` to stage `last`, seen as `privacy`
    /// says (else as before, else private); a journey they had on it starts again from
    /// nothing. 404 for no such mission, 422 when the stages make no journey of it.
    /// - Returns: the journey, replayed, and whether it is new.
    static func join(_ key: String, by user: UUID, from first: StageIndex, to last: StageIndex, privacy: Privacy?,
                     on database: any Database) async throws -> (replay: JourneyReplay, isNew: Bool) {
        let (record, mission) = try await MissionCatalogue.load(key, on: database)
        do {
            _ = try MissionJourney(mission, from: first, to: last)
        } catch {
            throw Refusal.unprocessable(error.message)
        }
        let missionID = try record.requireID()
        let journey = try await database.retryingTransaction { transaction in
            let existing = try await JourneyRow.query(on: transaction).filter(\.$user.$id == user)
                .filter(\.$mission.$id == missionID).first()
            if let existing {
                try await JourneyAdvanceRow.query(on: transaction).filter(\.$journey.$id == existing.requireID()).delete()
            }
            let journey = existing ?? JourneyRow()
            journey.$user.id = user
            journey.$mission.id = missionID
            journey.firstRoute = first.route
            journey.firstStage = first.stage
            journey.lastRoute = last.route
            journey.lastStage = last.stage
            journey.privacy = privacy ?? existing?.privacy ?? .private
            journey.startedAt = Date()
            journey.finishedAt = nil
            try await journey.save(on: transaction)
            return (journey, existing == nil)
        }
        return (try await JourneyReplay.replay(journey.0, of: mission, on: database), journey.1)
    }

    /// Sets who sees `user`'s journey on mission `key`: 404 for no such mission, or no journey of theirs on it.
    static func change(_ key: String, of user: UUID, privacy: Privacy, on database: any Database) async throws -> JourneyReplay {
        let (record, mission) = try await MissionCatalogue.load(key, on: database)
        let journey = try await journey(of: user, on: record, on: database)
        journey.privacy = privacy
        try await journey.save(on: database)
        return try await JourneyReplay.replay(journey, of: mission, on: database)
    }

    /// Ends `user`'s journey on mission `key`, with what their runs credited to it (leaving
    /// one not joined changes nothing); 404 for no such mission.
    static func leave(_ key: String, by user: UUID, on database: any Database) async throws {
        guard let record = try await MissionRow.query(on: database).filter(\.$key == key).first() else {
            throw Refusal.notFound("mission")
        }
        let missionID = try record.requireID()
        try await database.retryingTransaction { transaction in
            let journeys = try await JourneyRow.query(on: transaction).filter(\.$user.$id == user)
                .filter(\.$mission.$id == missionID).all(\.$id)
            try await JourneyAdvanceRow.query(on: transaction).filter(\.$journey.$id ~~ journeys).delete()
            try await JourneyRow.query(on: transaction).filter(\.$id ~~ journeys).delete()
        }
    }

    /// What `user`'s run `runID` did to each of their journeys it was credited to; 404
    /// unless they own the run.
    static func advances(ofRun runID: String, by user: UUID, on database: any Database) async throws -> [Components.Schemas.MissionAdvance] {
        let run = try await RunAccess.ownedRun(runID, by: user, on: database)
        let runID = try run.requireID()
        let journeyIDs = try await JourneyAdvanceRow.query(on: database).filter(\.$runID == runID).all(\.$journey.$id)
        var advances: [Components.Schemas.MissionAdvance] = []
        for journey in try await JourneyRow.query(on: database).filter(\.$id ~~ journeyIDs).filter(\.$user.$id == user).all() {
            guard let record = try await MissionRow.find(journey.$mission.id, on: database) else { continue }
            let replay = try await JourneyReplay.replay(journey, of: try await MissionCatalogue.mission(of: record, on: database), on: database)
            if let advance = replay.advanceSchema(run: runID) { advances.append(advance) }
        }
        return advances
    }

    /// `user`'s journey on the mission of `record`, or 404.
    private static func journey(of user: UUID, on record: MissionRow, on database: any Database) async throws -> JourneyRow {
        guard let journey = try await JourneyRow.query(on: database).filter(\.$user.$id == user)
            .filter(\.$mission.$id == record.requireID()).first() else {
            throw Refusal.notFound("journey")
        }
        return journey
    }
}
