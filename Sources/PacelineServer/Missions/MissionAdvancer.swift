import Fluent
import Foundation

/// Moves a user's journeys when one of their runs arrives.
enum MissionAdvancer {
    /// Credits `run`'s credited distance (`Run.creditedDistanceMeters`, the speed cap's
    /// verdict made when it was stored) to every unfinished journey of its owner that it
    /// may count for: it ended after the user joined, and it does not overlap in time a
    /// run already credited to that journey (so the same activity uploaded twice, or
    /// recorded by two devices, counts once). Each journey is moved at most once per run
    /// (`(journey, run)` is unique).
    /// - Complexity: one query when the owner has no journey; a few queries per journey.
    static func advance(for run: Run, on database: any Database) async throws {
        guard let start = run.startTime, let end = run.endTime else { return }
        let runID = try run.requireID()
        let journeys = try await JourneyRow.query(on: database).filter(\.$user.$id == run.$owner.id)
            .filter(\.$finishedAt == nil).filter(\.$startedAt <= end).all()
        for journey in journeys {
            let journeyID = try journey.requireID()
            let overlapping = try await JourneyAdvanceRow.query(on: database).filter(\.$journey.$id == journeyID)
                .group(.or) { $0.filter(\.$runID == runID).group(.and) { $0.filter(\.$runStart < end).filter(\.$runEnd > start) } }
                .count()
            guard overlapping == 0 else { continue }
            let advance = JourneyAdvanceRow()
            advance.$journey.id = journeyID
            advance.runID = runID
            advance.verifiedMeters = run.creditedDistanceMeters
            advance.runStart = start
            advance.runEnd = end
            try await advance.create(on: database)
            try await markFinished(journey, on: database)
        }
    }

    /// Credits `run`'s credited distance as it is now (measured again: `RunRemeasuring`) to
    /// the journeys it moved, each of which is replayed: finished, or unfinished again, as
    /// the runs it holds now say.
    static func remeasured(_ run: Run, on database: any Database) async throws {
        let runID = try run.requireID()
        let advances = try await JourneyAdvanceRow.query(on: database).filter(\.$runID == runID).all()
        guard !advances.isEmpty else { return }
        for advance in advances where advance.verifiedMeters != run.creditedDistanceMeters {
            advance.verifiedMeters = run.creditedDistanceMeters
            try await advance.save(on: database)
        }
        let journeys = try await JourneyRow.query(on: database).filter(\.$user.$id == run.$owner.id)
            .filter(\.$id ~~ advances.map(\.$journey.id)).all()
        for journey in journeys { try await markFinished(journey, on: database) }
    }

    /// Takes back what the deleted run `runID` credited to its owner's journeys: each such
    /// journey is replayed from the runs left, and is unfinished again if they no longer reach its end.
    static func withdraw(_ run: RunID, of owner: UserID, on database: any Database) async throws {
        let advances = try await JourneyAdvanceRow.query(on: database).filter(\.$runID == run.uuid).all()
        guard !advances.isEmpty else { return }
        try await JourneyAdvanceRow.query(on: database).filter(\.$runID == run.uuid).delete()
        let journeys = try await JourneyRow.query(on: database).filter(\.$user.$id == owner.uuid)
            .filter(\.$id ~~ advances.map(\.$journey.id)).all()
        for journey in journeys { try await markFinished(journey, on: database) }
    }

    /// Stores when the journey was finished (or that it is not, any more), from its advances.
    private static func markFinished(_ journey: JourneyRow, on database: any Database) async throws {
        guard let record = try await MissionRow.find(journey.$mission.id, on: database) else { return }
        let replay = try await JourneyReplay.replay(journey, of: try await MissionCatalogue.mission(of: record, on: database), on: database)
        if journey.finishedAt != replay.progress.finishedAt {
            journey.finishedAt = replay.progress.finishedAt
            try await journey.save(on: database)
        }
    }
}
